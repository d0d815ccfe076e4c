// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { scrollIntoSight } from '../../../src/app/browser/scrollIntoSight'

/** A marker followed by a trip card, at the given tops (px from the viewport's top), 40 and 200 px high. */
function markerAt(markerTop: number, cardTop: number) {
  const list = document.createElement('ul')
  const marker = document.createElement('li')
  const card = document.createElement('li')
  list.append(marker, card)
  document.body.append(list)
  marker.getBoundingClientRect = () => ({ top: markerTop, bottom: markerTop + 40 }) as DOMRect
  card.getBoundingClientRect = () => ({ top: cardTop, bottom: cardTop + 200 }) as DOMRect
  marker.scrollIntoView = vi.fn()
  return marker
}

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
  }))
}

describe('scrolling the now line into sight', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    document.body.replaceChildren()
  })

  it('leaves the page alone when the line and the trip after it are in view', () => {
    reducedMotion(false)
    const marker = markerAt(300, 350)
    scrollIntoSight(marker)
    expect(marker.scrollIntoView).not.toHaveBeenCalled()
  })

  it('scrolls smoothly to a line below the fold, or at once where less motion is asked for', () => {
    reducedMotion(false)
    const smooth = markerAt(window.innerHeight + 100, window.innerHeight + 150)
    scrollIntoSight(smooth)
    expect(smooth.scrollIntoView).toHaveBeenCalledWith({ block: 'start', behavior: 'smooth' })

    reducedMotion(true)
    const still = markerAt(window.innerHeight - 60, window.innerHeight - 10)
    scrollIntoSight(still)
    expect(still.scrollIntoView).toHaveBeenCalledWith({ block: 'start', behavior: 'auto' })
  })
})
