// @vitest-environment happy-dom
import { act, createRef, useImperativeHandle, useState, type ReactNode, type Ref } from 'react'
import { describe, expect, it } from 'vitest'
import { Announcer } from '../../../src/components/shell/Announcer'
import { useAnnounce, type Announce } from '../../../src/components/ui/announce'
import { mountComponent } from './support/mountComponent'

const politeRegion = (container: HTMLElement) =>
  container.querySelector<HTMLElement>('[role="status"][aria-live="polite"]')!
const assertiveRegion = (container: HTMLElement) =>
  container.querySelector<HTMLElement>('[aria-live="assertive"]')!
/** The texts a region holds, one per announcement node. */
const said = (region: HTMLElement) => [...region.children].map((node) => node.textContent)

/** Lets the page's task end: mutation observers and microtasks run, and React renders what they set. */
const nextTask = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)))

/** What the test holds of the announcer's contents: its `announce`, and what they show. */
interface Handle {
  announce: Announce
  show(node: ReactNode): void
}

function Contents({ ref }: { ref: Ref<Handle> }) {
  const [shown, setShown] = useState<ReactNode>(null)
  const announce = useAnnounce()
  useImperativeHandle(ref, () => ({ announce, show: setShown }), [announce])
  return <main>{shown}</main>
}

/** An announcer whose contents the test sets, and its `announce`. */
function mountAnnouncer() {
  const handle = createRef<Handle>()
  const container = mountComponent(
    <Announcer>
      <Contents ref={handle} />
    </Announcer>,
  )
  const show = async (node: ReactNode) => {
    act(() => handle.current!.show(node))
    await nextTask()
  }
  return { container, announce: handle.current!.announce, show }
}

describe('the announcer', () => {
  it('keeps its two regions empty and visually hidden until something is said', () => {
    const { container } = mountAnnouncer()
    expect(said(politeRegion(container))).toEqual([])
    expect(said(assertiveRegion(container))).toEqual([])
    expect(politeRegion(container).className).toContain('sr-only')
    expect(assertiveRegion(container).className).toContain('sr-only')
    expect(politeRegion(container).getAttribute('aria-atomic')).toBe('true')
  })

  it('says a text in the region of its politeness, and the same text again as a new node', async () => {
    const { container, announce } = mountAnnouncer()
    act(() => announce('Review waiting to be sent'))
    const first = politeRegion(container).firstElementChild
    expect(said(politeRegion(container))).toEqual(['Review waiting to be sent'])
    await nextTask()
    act(() => announce('Review waiting to be sent'))
    expect(said(politeRegion(container))).toEqual(['Review waiting to be sent'])
    expect(politeRegion(container).firstElementChild).not.toBe(first)
    act(() => announce('Booking failed', 'assertive'))
    expect(said(assertiveRegion(container))).toEqual(['Booking failed'])
    expect(said(politeRegion(container))).toEqual(['Review waiting to be sent'])
  })

  it('joins what is said in the same moment, and a later text takes its place', async () => {
    const { container, announce } = mountAnnouncer()
    act(() => {
      announce('Express trip')
      announce('Route not checked')
      announce('Express trip')
    })
    expect(said(politeRegion(container))).toEqual(['Express trip', 'Route not checked'])
    await nextTask()
    act(() => announce('Route checked'))
    expect(said(politeRegion(container))).toEqual(['Route checked'])
  })
})
