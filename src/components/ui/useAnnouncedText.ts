import { useEffect, type RefObject } from 'react'
import { useAnnounce, type Politeness } from './announce'
import { spokenText } from './spokenText'

/**
 * While `on`, says the text of the element `ref` holds through the announcer: when it appears, and again
 * whenever its text changes (a change inside it that leaves the text as it was says nothing).
 */
export function useAnnouncedText(
  ref: RefObject<HTMLElement | null>,
  on: boolean,
  politeness: Politeness = 'polite',
): void {
  const announce = useAnnounce()
  useEffect(() => {
    const element = ref.current
    if (!on || !element) return
    let said = ''
    const sayChange = () => {
      const text = spokenText(element)
      if (!text || text === said) return
      said = text
      announce(text, politeness)
    }
    sayChange()
    const observer = new MutationObserver(sayChange)
    observer.observe(element, { childList: true, subtree: true, characterData: true })
    return () => observer.disconnect()
  }, [ref, on, politeness, announce])
}
