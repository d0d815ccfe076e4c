import { createContext, use } from 'react'

/** Polite waits for the screen reader to finish what it says; assertive interrupts it. */
export type Politeness = 'polite' | 'assertive'

/** Says `text` through the app's announcer (`src/components/shell/Announcer.tsx`). */
export type Announce = (text: string, politeness?: Politeness) => void

/** Outside the announcer (a part rendered on its own, as in a unit test) nothing is said. */
export const AnnounceContext = createContext<Announce>(() => {})

/** The function that says a text through the announcer's live regions, the same on every render. */
export function useAnnounce(): Announce {
  return use(AnnounceContext)
}
