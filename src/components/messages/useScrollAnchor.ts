import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react'

/** Within this many pixels of the bottom, the thread follows new messages down. */
const followSlackPx = 48

interface Snapshot {
  first: string | undefined
  last: string | undefined
  /** The distance from the scroll position to the bottom of the content. */
  fromBottom: number
  atBottom: boolean
}

/**
 * Keeps the thread where the user reads it: at the bottom at first, at the same messages when older ones are
 * put above (the distance from the bottom is kept, so nothing jumps), and following new messages down only when
 * the user was at the bottom. The browser's own scroll anchoring is off on the box (`overflow-anchor: none`) so
 * the two never both correct.
 */
export function useScrollAnchor(
  box: RefObject<HTMLElement | null>,
  first: string | undefined,
  last: string | undefined,
): () => void {
  const snapshot = useRef<Snapshot | null>(null)

  const measure = useCallback(() => {
    const element = box.current
    if (!element || !snapshot.current) return
    const fromBottom = element.scrollHeight - element.scrollTop
    snapshot.current = {
      ...snapshot.current,
      fromBottom,
      atBottom: fromBottom - element.clientHeight <= followSlackPx,
    }
  }, [box])

  useLayoutEffect(() => {
    const element = box.current
    if (!element || first === undefined) return
    const before = snapshot.current
    if (before === null || (before.last !== last && before.atBottom)) {
      element.scrollTop = element.scrollHeight
    } else if (before.first !== first) {
      element.scrollTop = element.scrollHeight - before.fromBottom
    }
    snapshot.current = { first, last, fromBottom: 0, atBottom: true }
    measure()
  }, [box, first, last, measure])

  return measure
}
