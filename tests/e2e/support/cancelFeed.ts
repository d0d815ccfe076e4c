import type { CancelReasonCode } from '../../../src/contract/codes'
import type { RunningServer } from './server'
import { operatorCall } from './trips'

interface FeedPage {
  changes: { type: string; data: { trip: { id: string }; reasonCode: CancelReasonCode; reason: string } }[]
  cursor: string | null
  hasMore: boolean
}

/**
 * The reason code and text the operator was told for each of `tripIds` cancelled in the portal, read from the
 * tenant's change feed as a dispatch system reads it (every page of `trip.cancelled`).
 */
export async function toldCancellations(
  server: RunningServer,
  tenant: string,
  tripIds: readonly string[],
): Promise<Map<string, { reasonCode: CancelReasonCode; reason: string }>> {
  const wanted = new Set(tripIds)
  const told = new Map<string, { reasonCode: CancelReasonCode; reason: string }>()
  let after: string | null = null
  for (;;) {
    const query: string = `types=trip.cancelled&limit=500${after ? `&after=${encodeURIComponent(after)}` : ''}`
    const page = (await operatorCall(server, tenant, 'GET', `/changes?${query}`, null, 'No feed')) as FeedPage
    for (const { data } of page.changes)
      if (wanted.has(data.trip.id))
        told.set(data.trip.id, { reasonCode: data.reasonCode, reason: data.reason })
    if (!page.hasMore) return told
    after = page.cursor
  }
}
