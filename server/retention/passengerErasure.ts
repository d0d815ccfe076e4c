import type { Temporal } from 'temporal-polyfill'
import type { TenantId } from '../../tenants'
import type { Db } from '../db/schema'
import { tenantDb } from '../db/tenantDb'
import type { Address, TripBooking, TripEvent } from '../domain/tripEvents'
import { rewriteTripLog, type RewrittenLog } from './tripLog'
import { withoutPositions } from './tripPositions'

/** Where an erased passenger's trip went: nowhere anyone can read. */
const noAddress: Address = { alias: null, address: '', lat: null, lng: null }

const erasedBooking = (booking: TripBooking) => ({
  startAddress: noAddress,
  endAddress: noAddress,
  viaPoints: booking.viaPoints.map((via) => ({ ...via, address: noAddress })),
  note: null,
})

/**
 * An event without what tells of the passenger: a booking's addresses and note (a portal booking's contact
 * too), a review's comment and a guardian's reason to cancel (free text, like the comment). Times, statuses, the
 * car, stars, the operator's reasons and every id stay.
 */
function erasedData(event: TripEvent): TripEvent {
  switch (event.type) {
    case 'booked':
      return { ...event, ...erasedBooking(event) }
    case 'requested':
      return { ...event, ...erasedBooking(event), request: { ...event.request, phone: null, email: null } }
    case 'reviewed':
      return { ...event, comment: '' }
    case 'cancelled':
      return event.userId === null ? event : { ...event, reason: '' }
    default:
      return event
  }
}

/** `erasedData`, or the event itself when it has nothing to erase (an erasure run again changes nothing). */
function erasedEvent(event: TripEvent): TripEvent {
  const erased = erasedData(event)
  return JSON.stringify(erased) === JSON.stringify(event) ? event : erased
}

/** An erased passenger's trip log: no car positions (they trace its addresses), and its events erased. */
function erasedLog(_trip: unknown, events: TripEvent[]): RewrittenLog {
  const { kept, deleted } = withoutPositions(events)
  return { kept: kept.map(erasedEvent), deleted }
}

/**
 * Passengers (of any tenant) whose erasure is due: ended, `erase_after` passed and not yet erased, the earliest
 * first. Those whose erasure another instance holds are skipped.
 */
export async function passengersDueForErasure(
  db: Db,
  now: Temporal.Instant,
  limit: number,
): Promise<{ tenant: TenantId; passengerId: string }[]> {
  const rows = await db
    .selectFrom('passengers')
    .select(['tenant_id', 'id'])
    .where('erase_after', '<=', now)
    .where('erased_at', 'is', null)
    .orderBy('erase_after')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute()
  return rows.map((row) => ({ tenant: row.tenant_id, passengerId: row.id }))
}

/**
 * Erases one passenger's personal data (docs/operations.md, "Data retention"): first each of its trips, one short
 * transaction per trip as the car positions' retention does (`rewriteTripLog`), then, in one transaction that
 * takes the passenger's row (`skip locked`: another instance at it is left to it), its own rows: name, phone,
 * initials, language, places, messages, tracking links, queued notifications, and whatever reached it since its
 * end. Its id, reference, end, trips' times and outcomes and permissions' quota usage stay. False when another
 * instance was first.
 */
export async function erasePassenger(
  db: Db,
  tenant: TenantId,
  passengerId: string,
  now: Temporal.Instant,
): Promise<boolean> {
  for (const tripId of await tenantDb(db, tenant).passengerLife.tripIds(passengerId)) {
    await rewriteTripLog(db, tenant, tripId, erasedLog)
  }
  return db.transaction().execute(async (trx) => {
    const life = tenantDb(trx, tenant).passengerLife
    if (!(await life.claimErasure(passengerId, now))) return false
    await life.dropQueuedNotifications(passengerId)
    await life.removeAccess(passengerId)
    await life.erase(passengerId, now)
    return true
  })
}
