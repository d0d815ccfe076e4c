import { useLayoutEffect, type RefObject } from 'react'

/** Room kept between a focused control and what covers the bottom of the viewport. */
const gapPx = 8

/** How far up from the viewport's bottom each mounted fixed bar reaches, in px. */
const covers = new Map<symbol, number>()

/** `--covered-bottom` on the root: the page's scroll padding and bottom padding follow it (styles.css). */
function apply(): void {
  const reach = Math.max(0, ...covers.values())
  const root = document.documentElement.style
  if (reach > 0) root.setProperty('--covered-bottom', `${Math.ceil(reach) + gapPx}px`)
  else root.removeProperty('--covered-bottom')
}

/**
 * Tells the page that `ref`'s fixed element covers the bottom of the viewport (the bottom navigation, a
 * notice above it), so that a control reached by Tab scrolls clear of it and the page's last control can be
 * scrolled above it: without it the browser scrolls a focused control only to the viewport's edge, behind the
 * bar (WCAG 2.2, 2.4.11 Focus Not Obscured). An element with no height (a notice region with nothing in it)
 * covers nothing. Measured again when it or the viewport changes size (text zoom wraps the bar's labels).
 */
export function useCoversBottom(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const id = Symbol('covers bottom')
    const measure = () => {
      const box = element.getBoundingClientRect()
      covers.set(id, box.height > 0 ? window.innerHeight - box.top : 0)
      apply()
    }
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    window.addEventListener('resize', measure)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', measure)
      covers.delete(id)
      apply()
    }
  }, [ref])
}
