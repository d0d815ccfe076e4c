import { describe, expect, it } from 'vitest'
import { closedBatch, noBatch, withText, type LiveBatch } from '../../../src/components/ui/liveBatch'

/** Says each text in turn in the same moment, as `withText` would be called; null where nothing was said. */
function sayAll(batch: LiveBatch, ...texts: string[]): (LiveBatch | null)[] {
  const results: (LiveBatch | null)[] = []
  for (const text of texts) {
    const next = withText(batch, text)
    results.push(next)
    if (next) batch = next
  }
  return results
}

describe('what a live region says', () => {
  it('starts a batch of its own with the text, whitespace collapsed', () => {
    expect(withText(noBatch, '  Trips\n cancelled   The trip was cancelled. ')).toEqual({
      texts: ['Trips cancelled The trip was cancelled.'],
      open: true,
    })
  })

  it('says nothing of an empty text', () => {
    expect(withText(noBatch, ' \n ')).toBeNull()
    expect(withText({ texts: ['Saved'], open: true }, '')).toBeNull()
  })

  it('joins texts said in the same moment, and says a text already in it once', () => {
    const [first, second, again] = sayAll(noBatch, 'Express trip', 'Route not checked', 'Express  trip')
    expect(first?.texts).toEqual(['Express trip'])
    expect(second).toEqual({ texts: ['Express trip', 'Route not checked'], open: true })
    expect(again).toBeNull()
  })

  it('says the same text again once its moment has passed, in the place of the last ones', () => {
    const said = withText(noBatch, 'Cancellation saved')!
    const later = withText(closedBatch(withText(said, 'Trips cancelled')!), 'Cancellation saved')
    expect(later).toEqual({ texts: ['Cancellation saved'], open: true })
  })

  it('closes a batch without changing what it said', () => {
    const batch: LiveBatch = { texts: ['a', 'b'], open: true }
    expect(closedBatch(batch)).toEqual({ texts: ['a', 'b'], open: false })
    expect(closedBatch(noBatch)).toEqual(noBatch)
  })
})
