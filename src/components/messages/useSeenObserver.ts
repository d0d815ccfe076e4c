import { useCallback, useEffect, useRef } from 'react'

type Visibility = (id: string, visible: boolean) => void

/**
 * Tells when each observed message comes on screen and leaves it (half of it visible, inside the thread's
 * scrolling box: an IntersectionObserver clips by its scrolling ancestors). Each id keeps one ref callback, so a
 * re-render does not count as leaving and coming back, which would restart its 4 s.
 */
export function useSeenObserver(onChange: Visibility): (id: string) => (element: Element | null) => void {
  const latest = useRef(onChange)
  useEffect(() => {
    latest.current = onChange
  })
  const observer = useRef<IntersectionObserver | null>(null)
  const ids = useRef(new Map<Element, string>())
  const refs = useRef(new Map<string, (element: Element | null) => () => void>())

  useEffect(() => () => observer.current?.disconnect(), [])

  return useCallback((id: string) => {
    let ref = refs.current.get(id)
    if (!ref) {
      ref = (element) => {
        if (!element) return () => {}
        observer.current ??= new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              const seenId = ids.current.get(entry.target)
              if (seenId) latest.current(seenId, entry.isIntersecting)
            }
          },
          { threshold: 0.5 },
        )
        ids.current.set(element, id)
        observer.current.observe(element)
        return () => {
          observer.current?.unobserve(element)
          ids.current.delete(element)
          refs.current.delete(id)
          latest.current(id, false)
        }
      }
      refs.current.set(id, ref)
    }
    return ref
  }, [])
}
