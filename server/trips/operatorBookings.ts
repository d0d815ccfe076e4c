import type { Temporal } from 'temporal-polyfill'
import type { z } from 'zod'
import { errorCodes, type FieldError } from '../../src/contract/common'
import type { operatorTripEvent } from '../../src/contract/operator'
import type { PassengerRow } from '../db/repositories/passengers'
import type { PlaceRow } from '../db/repositories/places'
import { resolvePassengers } from '../db/passengerRefs'
import type { TenantDb } from '../db/tenantDb'
import { eventPayload } from '../db/tripEventCodec'
import type { TripEventData } from '../domain/tripEvents'
import { TripProjectionError } from '../domain/tripProjection'
import { HttpError } from '../errors/httpError'
import { attempt, failed, repeats, succeeded, type Outcome } from '../errors/outcomes'
import { checkTripTimes, instantOrNull, operatorInstant, rejected } from './operatorEventChecks'

export type Booking = Extract<z.output<typeof operatorTripEvent>, { type: 'booked' }>
type BookedData = TripEventData & { type: 'booked' }

/** One booking of a batch: the dispatch system's trip id and its booked event. */
export interface TripBooking {
  tripId: string
  event: Booking
}

/** Trips one insert carries: a trip row has some forty columns, and a statement at most 65,535 parameters. */
const tripsPerInsert = 500

/** A booking as the trip log stores it: its passenger and places by the portal's ids, instants for ISO strings. */
function bookingData(event: Booking, ids: { passengerId: string; places: (string | null)[] }): BookedData {
  const [startPlaceId = null, endPlaceId = null, ...viaPlaceIds] = ids.places
  return {
    type: 'booked',
    passengerId: ids.passengerId,
    start: operatorInstant(event.start, 'start'),
    end: operatorInstant(event.end, 'end'),
    startPlaceId,
    endPlaceId,
    startAddress: event.startAddress,
    endAddress: event.endAddress,
    viaPoints: event.viaPoints.map((via, index) => ({
      address: via.address,
      placeId: viaPlaceIds[index] ?? null,
      time: instantOrNull(via.time, `viaPoints.${index}.time`),
      waitMinutes: via.waitMinutes,
    })),
    deductibleCents: event.deductibleCents,
    note: event.note,
    allowEtaQuery: event.allowEtaQuery,
    allowReview: event.allowReview,
  }
}

/**
 * The ids of the places a booking names (start, end, then each via point), by id or by the operator's reference:
 * each must be a saved place of its passenger in this tenant, else 400 validation_failed naming each that is not,
 * as the permissions' place groups report theirs.
 */
function placeIds(event: Booking, own: readonly PlaceRow[]): (string | null)[] {
  const errors: FieldError[] = []
  const placeId = (id: string | null, ref: string | undefined, property: string): string | null => {
    if (id === null && ref === undefined) return null
    const found = own.find((place) => (ref === undefined ? place.id === id : place.external_ref === ref))
    if (!found)
      errors.push({ property: `${property}${ref === undefined ? 'Id' : 'Ref'}`, error: 'not_found' })
    return found?.id ?? null
  }
  const ids = [
    placeId(event.startPlaceId, event.startPlaceRef, 'startPlace'),
    placeId(event.endPlaceId, event.endPlaceRef, 'endPlace'),
    ...event.viaPoints.map((via, index) => placeId(via.placeId, via.placeRef, `viaPoints.${index}.place`)),
  ]
  if (errors.length > 0)
    throw new HttpError(400, errorCodes.validation, 'A place is not a saved place of the passenger', errors)
  return ids
}

const namesPlaces = (event: Booking) =>
  [
    event.startPlaceId,
    event.startPlaceRef,
    event.endPlaceId,
    event.endPlaceRef,
    ...event.viaPoints.flatMap((via) => [via.placeId, via.placeRef]),
  ].some((name) => name !== null && name !== undefined)

/** JSON with its object keys sorted: jsonb keeps keys in an order of its own. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  )
}

/** The saved places of the passengers of the bookings that name places: one query. */
async function placesOf(
  db: TenantDb,
  bookings: readonly TripBooking[],
  passengers: readonly Outcome<PassengerRow>[],
): Promise<Map<string, PlaceRow[]>> {
  const places = new Map<string, PlaceRow[]>()
  const named = passengers.flatMap((passenger, index) =>
    passenger.ok && namesPlaces(bookings[index]!.event) ? [passenger.value.id] : [],
  )
  if (named.length === 0) return places
  for (const place of await db.places.listForPassengers(named))
    places.set(place.passenger_id, [...(places.get(place.passenger_id) ?? []), place])
  return places
}

/**
 * Books trips of the operator's dispatch system, each by its own trip id: one outcome per booking, in their
 * order, its seq (1) or the error a booking alone would get (400 for its times or places, 404 or 409
 * passenger_ended for its passenger, 409 trip_event_rejected for a trip already booked otherwise). A booking sent
 * again as it was booked answers as the first did, so that a load can be sent again. Four queries and one insert
 * per 500 trips for the batch; call inside a transaction. The passengers named are key-share locked until it
 * ends: a passenger's end waits for the bookings and then cancels them too.
 */
export async function bookTrips(
  db: TenantDb,
  bookings: readonly TripBooking[],
  now: Temporal.Instant,
): Promise<Outcome<number>[]> {
  const repeated = repeats(bookings, (booking) => booking.tripId, 'tripId')
  const passengers = await resolvePassengers(
    db,
    bookings.map((booking) => booking.event),
  )
  const places = await placesOf(db, bookings, passengers)
  const resolved = bookings.map(
    (booking, index): Outcome<{ tripId: string; data: BookedData; at: Temporal.Instant }> => {
      const repeat = repeated[index]
      if (repeat) return failed(repeat)
      const { event } = booking
      return attempt(() => {
        // The booking's own times first: one that cannot be is 400 whatever it names.
        checkTripTimes({
          start: operatorInstant(event.start, 'start'),
          end: operatorInstant(event.end, 'end'),
        })
        const at = event.at ? operatorInstant(event.at, 'at') : now
        const passenger = passengers[index]!
        if (!passenger.ok) throw passenger.error
        const { id } = passenger.value
        const ids = namesPlaces(event) ? placeIds(event, places.get(id) ?? []) : []
        return { tripId: booking.tripId, data: bookingData(event, { passengerId: id, places: ids }), at }
      })
    },
  )
  const valid = resolved.flatMap((outcome) => (outcome.ok ? [outcome.value] : []))
  const booked = await db.trips.bookings(valid.map((booking) => booking.tripId))
  const sameAsBooked = (booking: (typeof valid)[number]) =>
    canonical(booked.get(booking.tripId)) ===
    canonical(JSON.parse(JSON.stringify(eventPayload({ ...booking.data, seq: 1, at: booking.at }))))
  const fresh = valid.filter((booking) => !booked.has(booking.tripId))
  for (let from = 0; from < fresh.length; from += tripsPerInsert) {
    // A concurrent booking of the same id fails on the primary key; the caller's retry then finds the trip.
    await db.trips.recordNewTrips(
      fresh
        .slice(from, from + tripsPerInsert)
        .map((booking) => ({ id: booking.tripId, events: [{ ...booking.data, seq: 1, at: booking.at }] })),
    )
  }
  return resolved.map((outcome) => {
    if (!outcome.ok) return outcome
    const booking = outcome.value
    if (!booked.has(booking.tripId) || sameAsBooked(booking)) return succeeded(1)
    return failed(
      rejected(new TripProjectionError('already_booked', `Trip ${booking.tripId} is already booked`)),
    )
  })
}
