import { sql } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { finishedAt } from '../../src/domain/tracking/linkWindow'
import type { TenantId } from '../../tenants'
import { jsonb } from '../db/json'
import type { Db } from '../db/schema'
import { tenantDb } from '../db/tenantDb'
import { scopeToTenant } from '../db/tenantScope'
import { eventPayload } from '../db/tripEventCodec'
import { toTripRow } from '../db/tripRows'
import type { TripEvent } from '../domain/tripEvents'
import { projectTrip, type TripProjection } from '../domain/tripProjection'

/** When a trip ended: when it finished, else its planned end. */
const endedAt = (trip: TripProjection) => finishedAt(trip) ?? trip.end

/** The same in SQL over `trips` (`least` passes over nulls). */
const endedAtSql = sql<Temporal.Instant>`coalesce(least(t.dropoff_time, t.cancelled_at, t.no_show_time), t.end_time)`

/** A trip's log without its car's positions, and what that takes. */
export interface LogWithoutPositions {
  kept: TripEvent[]
  /** The seqs of the position events to delete. */
  deleted: number[]
  /**
   * The log's last event when it is a position (a trip the dispatcher never finished): kept without its location,
   * so that the trip's version, which is its last event's seq, stays and the next event follows it.
   */
  blanked: TripEvent | null
}

/** What retention leaves of a trip's log: every event but its car's positions (the summary of the trip). */
export function withoutPositions(events: readonly TripEvent[]): LogWithoutPositions {
  const last = events.at(-1)
  const blanked: TripEvent | null =
    last?.type === 'position' && last.location !== null ? { ...last, location: null } : null
  const deleted = (event: TripEvent) => event.type === 'position' && event !== last
  return {
    kept: events
      .filter((event) => !deleted(event))
      .map((event) => (event === last && blanked ? blanked : event)),
    deleted: events.filter(deleted).map((event) => event.seq),
    blanked,
  }
}

/** Trips (of any tenant) that ended before `cutoff` and still have a car position from before it. */
export async function tripsWithOldPositions(
  db: Db,
  cutoff: Temporal.Instant,
  limit: number,
): Promise<{ tenant: TenantId; tripId: string }[]> {
  const rows = await db
    .selectFrom('trip_events as e')
    .innerJoin('trips as t', (join) =>
      join.onRef('t.tenant_id', '=', 'e.tenant_id').onRef('t.id', '=', 'e.trip_id'),
    )
    .select(['e.tenant_id', 'e.trip_id'])
    .distinct()
    .where('e.type', '=', 'position')
    .where('e.occurred_at', '<', cutoff)
    .where(endedAtSql, '<', cutoff)
    // A trip's last event, once blanked, stays: it has nothing more to give.
    .where(sql<boolean>`(e.seq < t.version or e.payload->'location' <> 'null'::jsonb)`)
    .limit(limit)
    .execute()
  return rows.map((row) => ({ tenant: row.tenant_id, tripId: row.trip_id }))
}

/**
 * Deletes the car positions of one trip that ended before `cutoff` and stores its projection folded again from
 * the events left, in one short transaction with the trip's row locked (as every writer of its log locks it),
 * so the stored trip is always its log's fold. Returns how many events went.
 */
export function dropTripPositions(
  db: Db,
  tenant: TenantId,
  tripId: string,
  cutoff: Temporal.Instant,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const trips = tenantDb(trx, tenant).trips
    const current = await trips.find(tripId, { lock: true })
    if (!current || Temporal.Instant.compare(endedAt(current), cutoff) >= 0) return 0
    const { kept, deleted, blanked } = withoutPositions(await trips.events(tripId))
    if (deleted.length === 0 && !blanked) return 0
    const scoped = scopeToTenant(trx, tenant)
    if (deleted.length > 0)
      await scoped
        .deleteFrom('trip_events')
        .where('trip_id', '=', tripId)
        .where('seq', 'in', deleted)
        .execute()
    if (blanked) {
      await scoped
        .updateTable('trip_events')
        .set({ payload: jsonb(eventPayload(blanked)) })
        .where('trip_id', '=', tripId)
        .where('seq', '=', blanked.seq)
        .execute()
    }
    const { id: _id, ...projection } = toTripRow(projectTrip(tripId, kept))
    await scoped.updateTable('trips').set(projection).where('id', '=', tripId).execute()
    return deleted.length + (blanked ? 1 : 0)
  })
}
