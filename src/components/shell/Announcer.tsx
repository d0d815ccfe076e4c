import { useCallback, useRef, type ReactNode } from 'react'
import { AnnounceContext, type Announce } from '../ui/announce'
import { closedBatch, noBatch, withText } from '../ui/liveBatch'

/**
 * The app's announcer: two visually hidden live regions, polite and assertive, mounted once at the
 * root on every page, and `useAnnounce()` for what is inside it. A screen reader says only text put into a
 * region that was already on the page (a region made with its text says nothing), so a part that appears with
 * its news says it here. An announcement is written into its region at once, a node of its own: it replaces
 * the last ones, so the same text twice is read twice, unless they were said in the same moment (one task of
 * the page), which it joins. The regions carry `aria-live` itself, which a modal dialog leaves uncovered (Radix
 * hides the rest of the page but for `[aria-live]`), so what is said as a dialog closes is heard.
 */
export function Announcer({ children }: { children: ReactNode }) {
  const polite = useRef<HTMLDivElement>(null)
  const assertive = useRef<HTMLDivElement>(null)
  const batches = useRef({ polite: noBatch, assertive: noBatch })
  const announce = useCallback<Announce>((text, politeness = 'polite') => {
    const region = (politeness === 'assertive' ? assertive : polite).current
    const batch = withText(batches.current[politeness], text)
    if (!region || !batch) return
    if (!batches.current[politeness].open) {
      queueMicrotask(() => {
        batches.current[politeness] = closedBatch(batches.current[politeness])
      })
    }
    batches.current[politeness] = batch
    const node = document.createElement('p')
    node.textContent = batch.texts.at(-1) ?? ''
    if (batch.texts.length === 1) region.replaceChildren(node)
    else region.append(node)
  }, [])
  // React renders nothing inside the regions: only `announce` writes there.
  return (
    <AnnounceContext value={announce}>
      {children}
      <div ref={polite} role="status" aria-live="polite" aria-atomic="true" className="sr-only" />
      <div ref={assertive} aria-live="assertive" aria-atomic="true" className="sr-only" />
    </AnnounceContext>
  )
}
