import type { TenantId } from '../../tenants'
import { jsonb } from '../db/json'
import type { Db } from '../db/schema'
import { tenantDb } from '../db/tenantDb'
import { scopeToTenant } from '../db/tenantScope'
import { eventPayload } from '../db/tripEventCodec'
import { toTripRow } from '../db/tripRows'
import type { TripEvent } from '../domain/tripEvents'
import { projectTrip, type TripProjection } from '../domain/tripProjection'

/** What the retention leaves of a trip's log: the events kept, a new object where one changed, and those deleted. */
export interface RewrittenLog {
  kept: TripEvent[]
  /** The seqs of the events to delete. */
  deleted: number[]
}

/**
 * Rewrites one trip's log by `rewrite` (null: leave it as it is) and stores its projection folded again from what
 * is left, in one short transaction with the trip's row locked (as every writer of its log locks it), so the stored
 * trip, its view included, is always its log's fold. Returns how many events were deleted or rewritten.
 */
export function rewriteTripLog(
  db: Db,
  tenant: TenantId,
  tripId: string,
  rewrite: (trip: TripProjection, events: TripEvent[]) => RewrittenLog | null,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const trips = tenantDb(trx, tenant).trips
    const current = await trips.find(tripId, { lock: true })
    if (!current) return 0
    const events = await trips.events(tripId)
    const log = rewrite(current, events)
    if (!log) return 0
    const changed = log.kept.filter((event) => !events.includes(event))
    if (log.deleted.length === 0 && changed.length === 0) return 0
    const scoped = scopeToTenant(trx, tenant)
    if (log.deleted.length > 0)
      await scoped
        .deleteFrom('trip_events')
        .where('trip_id', '=', tripId)
        .where('seq', 'in', log.deleted)
        .execute()
    for (const event of changed) {
      await scoped
        .updateTable('trip_events')
        .set({ payload: jsonb(eventPayload(event)) })
        .where('trip_id', '=', tripId)
        .where('seq', '=', event.seq)
        .execute()
    }
    const { id: _id, ...projection } = toTripRow(projectTrip(tripId, log.kept))
    await scoped.updateTable('trips').set(projection).where('id', '=', tripId).execute()
    return log.deleted.length + changed.length
  })
}
