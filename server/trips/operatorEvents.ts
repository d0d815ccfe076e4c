import { Temporal } from 'temporal-polyfill'
import type { z } from 'zod'
import { errorCodes, type FieldError } from '../../src/contract/common'
import { tripMaxDurationHours, type operatorTripEvent } from '../../src/contract/operator'
import { returnBookingQuota } from './booking/returnQuota'
import type { PassengerRow } from '../db/repositories/passengers'
import type { TenantDb } from '../db/tenantDb'
import { notifyTripEvent } from '../outbox/tripNotifications'
import type { TripEventData } from '../domain/tripEvents'
import { TripProjectionError, type TripProjection } from '../domain/tripProjection'
import { tenantTimeZone } from '../time/timeZone'
import { HttpError } from '../errors/httpError'
import { noSuchPassenger, passengerEnded } from '../errors/passengerErrors'

type OperatorEvent = z.output<typeof operatorTripEvent>
type Booking = Extract<OperatorEvent, { type: 'booked' }>

/**
 * An ISO time of an operator's event as an instant: 400 for one Temporal cannot read (say, ten fractional
 * digits) or outside the years 1900 to 2999 that the rest of the system handles.
 */
export function operatorInstant(iso: string, property: string): Temporal.Instant {
  try {
    const instant = Temporal.Instant.from(iso)
    const year = instant.toZonedDateTimeISO('UTC').year
    if (year >= 1900 && year <= 2999) return instant
  } catch {
    // reported below, like an out-of-range year
  }
  throw new HttpError(400, errorCodes.validation, `${property} is not a usable time`, [
    { property, error: 'invalid_date' },
  ])
}

const instantOrNull = (iso: string | null, property: string) =>
  iso === null ? null : operatorInstant(iso, property)

/** A booking as the trip log stores it: its passenger and places by the portal's ids, instants for ISO strings. */
function bookingData(event: Booking & { passengerId: string }): TripEventData & { type: 'booked' } {
  return {
    type: 'booked',
    passengerId: event.passengerId,
    start: operatorInstant(event.start, 'start'),
    end: operatorInstant(event.end, 'end'),
    startPlaceId: event.startPlaceId,
    endPlaceId: event.endPlaceId,
    startAddress: event.startAddress,
    endAddress: event.endAddress,
    viaPoints: event.viaPoints.map((via, index) => ({
      address: via.address,
      placeId: via.placeId,
      time: instantOrNull(via.time, `viaPoints.${index}.time`),
      waitMinutes: via.waitMinutes,
    })),
    deductibleCents: event.deductibleCents,
    note: event.note,
    allowEtaQuery: event.allowEtaQuery,
    allowReview: event.allowReview,
  }
}

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
 * A trip's end, booked or moved, is after its start and at most `tripMaxDurationHours` later: its tracking links
 * work until a grace after it, and an end a day on would keep them open overnight.
 */
function checkTripTimes(event: { start: Temporal.Instant; end: Temporal.Instant }): void {
  if (Temporal.Instant.compare(event.end, event.start) <= 0) {
    throw new HttpError(400, errorCodes.validation, 'The trip ends before or when it starts', [
      { property: 'end', error: 'before_start' },
    ])
  }
  if (Temporal.Instant.compare(event.end, event.start.add({ hours: tripMaxDurationHours })) > 0) {
    throw new HttpError(
      400,
      errorCodes.validation,
      `A trip ends at most ${tripMaxDurationHours} hours after it starts`,
      [{ property: 'end', error: 'too_long' }],
    )
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

function rejected(error: TripProjectionError): HttpError {
  return new HttpError(409, errorCodes.tripEventRejected, error.message, [
    { property: 'type', error: error.reason },
  ])
}

/**
 * The booking's passenger, by id or by the operator's reference: 404, or 409 for one the operator ended. Locked
 * until the booking commits, so that the passenger's end waits for it and then cancels it too.
 */
async function bookedPassenger(db: TenantDb, event: Booking): Promise<PassengerRow> {
  const [property, passenger] =
    event.passengerRef === undefined
      ? ['passengerId', await db.passengerLife.findLocked(event.passengerId ?? '', 'keyShare')]
      : ['passengerRef', (await db.passengers.findNamed({ ids: [], refs: [event.passengerRef] }))[0]]
  if (!passenger) throw noSuchPassenger(property)
  if (passenger.ended_at) throw passengerEnded(property)
  return passenger
}

/**
 * The booking with its passenger's id and its places' ids: each place it names (by id or by the operator's
 * reference) must be a saved place of its passenger in this tenant, else 400 validation_failed naming each that
 * is not, as the permissions' place groups report theirs.
 */
async function withPortalIds(db: TenantDb, event: Booking): Promise<Booking & { passengerId: string }> {
  const passenger = await bookedPassenger(db, event)
  const names = [
    event.startPlaceId,
    event.startPlaceRef,
    event.endPlaceId,
    event.endPlaceRef,
    ...event.viaPoints.flatMap((via) => [via.placeId, via.placeRef]),
  ]
  const namesPlaces = names.some((name) => name !== null && name !== undefined)
  const places = namesPlaces ? await db.places.listForPassenger(passenger.id) : []
  const errors: FieldError[] = []
  /** The id of a place named by `<property>Id` or `<property>Ref`; null for none named. */
  const placeId = (id: string | null, ref: string | undefined, property: string): string | null => {
    if (id === null && ref === undefined) return null
    const found = places.find((own) => (ref === undefined ? own.id === id : own.external_ref === ref))
    if (!found)
      errors.push({ property: `${property}${ref === undefined ? 'Id' : 'Ref'}`, error: 'not_found' })
    return found?.id ?? null
  }
  const booking = {
    ...event,
    passengerId: passenger.id,
    startPlaceId: placeId(event.startPlaceId, event.startPlaceRef, 'startPlace'),
    endPlaceId: placeId(event.endPlaceId, event.endPlaceRef, 'endPlace'),
    viaPoints: event.viaPoints.map((via, index) => ({
      ...via,
      placeId: placeId(via.placeId, via.placeRef, `viaPoints.${index}.place`),
    })),
  }
  if (errors.length > 0) {
    throw new HttpError(400, errorCodes.validation, 'A place is not a saved place of the passenger', errors)
  }
  return booking
}

async function book(db: TenantDb, tripId: string, event: Booking, at: Temporal.Instant) {
  // The booking's own times first: one that cannot be is 400 whatever it names.
  checkTripTimes({ start: operatorInstant(event.start, 'start'), end: operatorInstant(event.end, 'end') })
  const data = bookingData(await withPortalIds(db, event))
  if (await db.trips.find(tripId)) {
    throw rejected(new TripProjectionError('already_booked', `Trip ${tripId} is already booked`))
  }
  // A concurrent booking of the same id fails on the primary key; the retry then finds the trip.
  await db.trips.recordNewTrips([{ id: tripId, events: [{ ...data, seq: 1, at }] }])
  return 1
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
  const at = event.at ? operatorInstant(event.at, 'at') : now
  if (event.type === 'booked') return book(db, tripId, event, at)
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
