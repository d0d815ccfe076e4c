/**
 * What one of the announcer's live regions says (`src/components/shell/Announcer.tsx`), with no React or DOM:
 * the texts said together. Announcements made in the same moment (two alerts shown at once) join, so that both
 * are said; a later one takes their place. Each text is its own node in the region, so the same text said again
 * later is added text again, and is read again.
 */
export interface LiveBatch {
  readonly texts: readonly string[]
  /** Still taking texts: the moment it was started in has not passed. */
  readonly open: boolean
}

export const noBatch: LiveBatch = { texts: [], open: false }

/**
 * The batch once `text` (whitespace collapsed) is said: joined to an open batch, else a batch of its own. Null
 * when it says nothing new: empty, or already in the open batch (one alert mounted twice, as React's strict mode
 * does, or two with the same text).
 */
export function withText(batch: LiveBatch, text: string): LiveBatch | null {
  const said = text.replace(/\s+/g, ' ').trim()
  if (!said || (batch.open && batch.texts.includes(said))) return null
  return { texts: batch.open ? [...batch.texts, said] : [said], open: true }
}

/** The moment has passed: the next text takes the place of these. */
export function closedBatch(batch: LiveBatch): LiveBatch {
  return { ...batch, open: false }
}
