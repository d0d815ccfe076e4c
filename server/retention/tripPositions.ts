import { sql } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { finishedAt } from '../../src/domain/tracking/linkWindow'
import type { TenantId } from '../../tenants'
import type { Db } from '../db/schema'
import type { TripEvent } from '../domain/tripEvents'
import type { TripProjection } from '../domain/tripProjection'
import { rewriteTripLog, type RewrittenLog } from './tripLog'

/** When a trip ended: when it finished, else its planned end. */
const endedAt = (trip: TripProjection) => finishedAt(trip) ?? trip.end

/** The same in SQL over `trips` (`least` passes over nulls). */
const endedAtSql = sql<Temporal.Instant>`coalesce(least(t.dropoff_time, t.cancelled_at, t.no_show_time), t.end_time)`

/**
 * What retention leaves of a trip's log: every event but its car's positions (the summary of the trip). The log's
 * last event, when it is a position (a trip the dispatcher never finished), is kept without its location, so that
 * the trip's version, which is its last event's seq, stays and the next event follows it.
 */
export function withoutPositions(events: readonly TripEvent[]): RewrittenLog {
  const last = events.at(-1)
  const blanked: TripEvent | null =
    last?.type === 'position' && last.location !== null ? { ...last, location: null } : null
  const deleted = (event: TripEvent) => event.type === 'position' && event !== last
  return {
    kept: events
      .filter((event) => !deleted(event))
      .map((event) => (event === last && blanked ? blanked : event)),
    deleted: events.filter(deleted).map((event) => event.seq),
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
 * Deletes the car positions of one trip that ended before `cutoff` (`rewriteTripLog`: its projection is folded
 * again in the same short transaction). Returns how many events went or were blanked.
 */
export function dropTripPositions(
  db: Db,
  tenant: TenantId,
  tripId: string,
  cutoff: Temporal.Instant,
): Promise<number> {
  return rewriteTripLog(db, tenant, tripId, (trip, events) =>
    Temporal.Instant.compare(endedAt(trip), cutoff) < 0 ? withoutPositions(events) : null,
  )
}
