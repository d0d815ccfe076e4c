import { useLayoutEffect, type RefObject } from 'react'

/** Room kept between a focused control and what covers the bottom of the viewport. */
const gapPx = 8

/** How far up from the viewport's bottom each mounted dock's bars reach, in px. */
const covers = new Map<symbol, number>()

/**
 * `--covered-bottom` on the root: the page's scroll padding and bottom padding follow it (styles.css). Set only
 * when it changes: every element inherits it, so each change restyles the whole page.
 */
function apply(): void {
  const reach = Math.max(0, ...covers.values())
  const root = document.documentElement.style
  const value = reach > 0 ? `${Math.ceil(reach) + gapPx}px` : ''
  if (root.getPropertyValue('--covered-bottom') === value) return
  if (value) root.setProperty('--covered-bottom', value)
  else root.removeProperty('--covered-bottom')
}

/**
 * The boxes of a dock's bars: its children, or theirs where a child takes no box (a lazy part's wrapper, marked
 * `data-lazy-part`). By markup, not by computed style: this runs as React commits, where reading a style would
 * make the browser compute the whole new screen's styles at once, and again in the frame that paints it.
 */
function barsOf(element: Element): Element[] {
  return [...element.children].flatMap((child) =>
    child.hasAttribute('data-lazy-part') ? barsOf(child) : [child],
  )
}

/**
 * Tells the page that the bars in `ref`'s fixed element (the bottom dock: the navigation, the offline banner and
 * a notice) cover the bottom of the viewport up to the highest of them, so that a control reached
 * by Tab scrolls clear of them and the page's last control can be scrolled above them: without it the browser
 * scrolls a focused control only to the viewport's edge, behind the bar (WCAG 2.2, 2.4.11 Focus Not Obscured).
 * A child with no height (a notice region with nothing in it) covers nothing. Measured again when a bar comes,
 * goes or changes size, and when the viewport does (text zoom wraps the bar's labels).
 */
export function useCoversBottom(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const dock = ref.current
    if (!dock) return
    const id = Symbol('covers bottom')
    const measure = () => {
      const tops = barsOf(dock)
        .map((bar) => bar.getBoundingClientRect())
        .filter((box) => box.height > 0)
        .map((box) => box.top)
      covers.set(id, tops.length > 0 ? window.innerHeight - Math.min(...tops) : 0)
      apply()
    }
    // Measured in the next frame, never here as React commits: reading a box now would lay the new screen out at
    // once, and again for its first frame (bench: offlineStart). The frame lays the page out for its paint
    // anyway. Also when the observer reports a bar's new size, after layout; it reports nothing for a bar of no
    // size, so the frame's measure is what notices that a bar left and only empty ones remain.
    const sizes = new ResizeObserver(measure)
    let frame = 0
    const observeBars = () => {
      sizes.disconnect()
      for (const bar of barsOf(dock)) sizes.observe(bar)
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(measure)
    }
    const bars = new MutationObserver(observeBars)
    bars.observe(dock, { childList: true, subtree: true })
    observeBars()
    window.addEventListener('resize', measure)
    return () => {
      bars.disconnect()
      sizes.disconnect()
      cancelAnimationFrame(frame)
      window.removeEventListener('resize', measure)
      covers.delete(id)
      apply()
    }
  }, [ref])
}
