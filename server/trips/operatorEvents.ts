import type { Temporal } from 'temporal-polyfill'
import type { z } from 'zod'
import { errorCodes } from '../../src/contract/common'
import type { operatorTripEvent } from '../../src/contract/operator'
import { returnBookingQuota } from './booking/returnQuota'
import type { TenantDb } from '../db/tenantDb'
import { notifyTripEvent } from '../outbox/tripNotifications'
import type { TripEventData } from '../domain/tripEvents'
import { TripProjectionError, type TripProjection } from '../domain/tripProjection'
import { tenantTimeZone } from '../time/timeZone'
import { HttpError } from '../errors/httpError'
import { single } from '../errors/outcomes'
import { bookTrips, type Booking } from './operatorBookings'
import { checkTripTimes, instantOrNull, operatorInstant, rejected } from './operatorEventChecks'

type OperatorEvent = z.output<typeof operatorTripEvent>

/** Any other operator's event as the trip log stores it: instants instead of ISO strings. */
function toTripEventData(event: Exclude<OperatorEvent, Booking>): TripEventData {
  switch (event.type) {
    case 'refused':
      return { type: 'refused', reason: event.reason }
    case 'approved':
    case 'routed':
    case 'carWaiting':
    case 'droppedOff':
    case 'noShow':
      return { type: event.type }
    case 'dispatched':
      return { type: 'dispatched', car: event.car }
    case 'rescheduled':
      return {
        type: 'rescheduled',
        start: operatorInstant(event.start, 'start'),
        end: operatorInstant(event.end, 'end'),
      }
    case 'enRoute':
      return { type: 'enRoute', etd: instantOrNull(event.etd, 'etd') }
    case 'pickedUp':
      return { type: 'pickedUp', eta: instantOrNull(event.eta, 'eta') }
    case 'cancelled':
      return { type: 'cancelled', reason: event.reason, userId: null }
    case 'position':
      return {
        type: 'position',
        location: event.location,
        eta: instantOrNull(event.eta, 'eta'),
        etd: instantOrNull(event.etd, 'etd'),
      }
  }
}

/**
 * A new time for a trip must keep it on its day in the tenant's zone (the portal and its links name a trip by id
 * and date; another day is a new booking), with an end `checkTripTimes` takes.
 */
function checkReschedule(
  trip: TripProjection,
  event: TripEventData & { type: 'rescheduled' },
  timeZone: string,
): void {
  checkTripTimes(event)
  const day = (instant: Temporal.Instant) => instant.toZonedDateTimeISO(timeZone).toPlainDate()
  if (!day(event.start).equals(day(trip.start))) {
    throw new HttpError(400, errorCodes.validation, 'A trip is moved within its day only', [
      { property: 'start', error: 'other_day' },
    ])
  }
}

/**
 * Appends an operator's event to a trip's log and updates its projection; call inside a transaction. A
 * `booked` event creates the trip; any other needs it (404). An event the log cannot take is 409
 * trip_event_rejected with the reason in `errors`. What the event tells the passenger's guardians is queued
 * for their devices in the same transaction (server/outbox/). Returns the event's seq.
 */
export async function appendOperatorEvent(
  db: TenantDb,
  tripId: string,
  event: OperatorEvent,
  now: Temporal.Instant,
): Promise<number> {
  if (event.type === 'booked') return single(await bookTrips(db, [{ tripId, event }], now))
  const at = event.at ? operatorInstant(event.at, 'at') : now
  const data = toTripEventData(event)
  const current = await db.trips.find(tripId, { lock: true })
  if (!current) throw new HttpError(404, errorCodes.notFound, `Trip ${tripId} not found`)
  if (data.type === 'rescheduled') checkReschedule(current, data, tenantTimeZone(db.tenant))
  try {
    const next = await db.trips.append(current, [data], at)
    if (data.type === 'refused') await returnBookingQuota(db, tripId)
    // In the event's transaction: the notification is queued if and only if the event is stored.
    await notifyTripEvent(db, { before: current, after: next, event: { ...data, seq: next.version, at } })
    return next.version
  } catch (error) {
    if (error instanceof TripProjectionError) throw rejected(error)
    throw error
  }
}
