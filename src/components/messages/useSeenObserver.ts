import { useCallback, useEffect, useRef } from 'react'
import { usePageVisible } from '../../app/browser/pageVisible'

type Visibility = (id: string, visible: boolean) => void

/**
 * Tells when each observed message comes on screen and leaves it (half of it visible, inside the thread's
 * scrolling box: an IntersectionObserver clips by its scrolling ancestors). Each id keeps one ref callback, so a
 * re-render does not count as leaving and coming back, which would restart its 4 s. A hidden page (a background
 * tab, a minimised window) shows nothing: every message leaves the screen, and comes back with the page.
 */
export function useSeenObserver(onChange: Visibility): (id: string) => (element: Element | null) => void {
  const latest = useRef(onChange)
  useEffect(() => {
    latest.current = onChange
  })
  // The ids half in the box now, whether or not the page is shown.
  const inBox = useRef(new Set<string>())
  const pageVisible = usePageVisible()
  const pageShown = useRef(pageVisible)
  useEffect(() => {
    pageShown.current = pageVisible
    for (const id of inBox.current) latest.current(id, pageVisible)
  }, [pageVisible])
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
              if (!seenId) continue
              if (entry.isIntersecting) inBox.current.add(seenId)
              else inBox.current.delete(seenId)
              if (pageShown.current) latest.current(seenId, entry.isIntersecting)
            }
          },
          { threshold: 0.5 },
        )
        ids.current.set(element, id)
        observer.current.observe(element)
        return () => {
          observer.current?.unobserve(element)
          ids.current.delete(element)
          inBox.current.delete(id)
          refs.current.delete(id)
          latest.current(id, false)
        }
      }
      refs.current.set(id, ref)
    }
    return ref
  }, [])
}
