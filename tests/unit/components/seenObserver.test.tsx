// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSeenObserver } from '../../../src/components/messages/useSeenObserver'
import { mountComponent } from './support/mountComponent'

/** An IntersectionObserver the test drives: it reports what the test says is half on screen. */
class DrivenObserver {
  static latest: DrivenObserver | null = null
  readonly targets = new Set<Element>()
  constructor(readonly report: (entries: Partial<IntersectionObserverEntry>[]) => void) {
    DrivenObserver.latest = this
  }
  observe(target: Element) {
    this.targets.add(target)
  }
  unobserve(target: Element) {
    this.targets.delete(target)
  }
  disconnect() {
    this.targets.clear()
  }
  show(visible: boolean) {
    act(() => this.report([...this.targets].map((target) => ({ target, isIntersecting: visible }))))
  }
}

function setPageVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  act(() => void document.dispatchEvent(new Event('visibilitychange')))
}

function Thread({ onChange }: { onChange: (id: string, visible: boolean) => void }) {
  const observe = useSeenObserver(onChange)
  return <p ref={observe('m1')}>A message</p>
}

describe('the seen observer', () => {
  afterEach(() => {
    setPageVisibility('visible')
    vi.unstubAllGlobals()
  })

  it('says a message on screen leaves it while the page is hidden, and comes back with the page', () => {
    vi.stubGlobal('IntersectionObserver', DrivenObserver)
    const onChange = vi.fn()
    mountComponent(<Thread onChange={onChange} />)
    const observer = DrivenObserver.latest!
    observer.show(true)
    expect(onChange).toHaveBeenLastCalledWith('m1', true)

    setPageVisibility('hidden')
    expect(onChange).toHaveBeenLastCalledWith('m1', false)
    // Scrolled into view behind a hidden page, it is still not on screen.
    observer.show(false)
    observer.show(true)
    expect(onChange).toHaveBeenLastCalledWith('m1', false)

    setPageVisibility('visible')
    expect(onChange).toHaveBeenLastCalledWith('m1', true)
  })
})
