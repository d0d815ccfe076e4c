// @vitest-environment happy-dom
import { act, createRef, useImperativeHandle, useState, type ReactNode, type Ref } from 'react'
import { describe, expect, it } from 'vitest'
import { Announcer } from '../../../src/components/shell/Announcer'
import { Alert, type AlertSeverity } from '../../../src/components/ui/Alert'
import { useAnnounce, type Announce } from '../../../src/components/ui/announce'
import { spokenText } from '../../../src/components/ui/spokenText'
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

function LiveAlert({ severity, text }: { severity: AlertSeverity; text: string }) {
  return (
    <Alert severity={severity} live title="Cancellation saved">
      <p>{text}</p>
    </Alert>
  )
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

describe('a live Alert', () => {
  it('says its title and text politely when it appears, and is no live region itself', async () => {
    const { container, show } = mountAnnouncer()
    await show(<LiveAlert severity="info" text="It is sent when there is a connection." />)
    expect(said(politeRegion(container))).toEqual([
      'Cancellation saved It is sent when there is a connection.',
    ])
    const box = container.querySelector('main > div')!
    expect(box.getAttribute('role')).toBeNull()
    expect(box.textContent).toContain('It is sent when there is a connection.')
  })

  it('says its text again when it changes, and nothing when it stays the same', async () => {
    const { container, show } = mountAnnouncer()
    await show(<LiveAlert severity="info" text="Sending." />)
    await show(<LiveAlert severity="success" text="Sent." />)
    expect(said(politeRegion(container))).toEqual(['Cancellation saved Sent.'])
    const node = politeRegion(container).firstElementChild
    await show(<LiveAlert severity="warning" text="Sent." />)
    expect(politeRegion(container).firstElementChild).toBe(node)
  })

  it('says two that appear together', async () => {
    const { container, show } = mountAnnouncer()
    await show(
      <>
        <Alert severity="warning" live>
          Express trip
        </Alert>
        <Alert severity="info" live>
          Route not checked
        </Alert>
      </>,
    )
    expect(said(politeRegion(container))).toEqual(['Express trip', 'Route not checked'])
  })

  it('is an alert when it is an error, read as it appears rather than through the announcer', async () => {
    const { container, show } = mountAnnouncer()
    await show(<LiveAlert severity="warning" text="Too many requests." />)
    const warning = container.querySelector('main > div')
    await show(<LiveAlert severity="error" text="Not saved." />)
    const alert = container.querySelector('main > [role="alert"]')
    expect(alert?.textContent).toContain('Not saved.')
    // A new box, not a role put on the one there: an alert is read as it appears.
    expect(alert).not.toBe(warning)
    expect(said(politeRegion(container))).toEqual(['Cancellation saved Too many requests.'])
    expect(said(assertiveRegion(container))).toEqual([])
  })

  it('says nothing when it is not live', async () => {
    const { container, show } = mountAnnouncer()
    await show(<Alert severity="info">A hint</Alert>)
    expect(said(politeRegion(container))).toEqual([])
    expect(container.querySelector('main > div')?.getAttribute('role')).toBeNull()
  })
})

describe('spokenText', () => {
  it('sets elements apart, runs inline ones on, and leaves out what is hidden from a screen reader', () => {
    const box = document.createElement('div')
    box.innerHTML =
      '<p>Trips cancelled</p><div>All <strong>2</strong> trips were cancelled.<svg aria-hidden="true"><text>x</text></svg>' +
      '<span hidden>gone</span><button>Go to trips</button></div>'
    expect(spokenText(box)).toBe('Trips cancelled All 2 trips were cancelled. Go to trips')
  })
})
