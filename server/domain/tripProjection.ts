import type { Temporal } from 'temporal-polyfill'
import { tripStatusCodes, type TripStatusCode } from '../../src/contract/trip'
import type { Location, TripBooking, TripEvent } from './tripEvents'

/** The current state of a trip, folded from its events; the `trips` table stores exactly this. */
export interface TripProjection extends TripBooking {
  id: string
  bookedAt: Temporal.Instant
  carName: string | null
  carRegisterNumber: string | null
  carPhoneNumber: string | null
  driverName: string | null
  cancelledAt: Temporal.Instant | null
  cancelReason: string | null
  pickupTime: Temporal.Instant | null
  dropoffTime: Temporal.Instant | null
  noShowTime: Temporal.Instant | null
  statusCode: TripStatusCode
  eta: Temporal.Instant | null
  etd: Temporal.Instant | null
  ata: Temporal.Instant | null
  carLocation: Location | null
  /** `seq` of the last event applied. */
  version: number
}

export class TripProjectionError extends Error {
  override name = 'TripProjectionError'
}

const finalStatuses: ReadonlySet<TripStatusCode> = new Set([
  tripStatusCodes.Cancelled,
  tripStatusCodes.NoShow,
  tripStatusCodes.DropOff,
])

export function isFinalStatus(code: TripStatusCode): boolean {
  return finalStatuses.has(code)
}

function booked(tripId: string, event: TripEvent & { type: 'booked' }): TripProjection {
  const { type: _type, seq, at, ...booking } = event
  return {
    ...booking,
    id: tripId,
    bookedAt: at,
    carName: null,
    carRegisterNumber: null,
    carPhoneNumber: null,
    driverName: null,
    cancelledAt: null,
    cancelReason: null,
    pickupTime: null,
    dropoffTime: null,
    noShowTime: null,
    statusCode: tripStatusCodes.Booked,
    eta: null,
    etd: null,
    ata: null,
    carLocation: null,
    version: seq,
  }
}

/** The trip after one more event. Once a trip is final (cancelled, no-show, dropped off) later events only count. */
export function applyTripEvent(trip: TripProjection, event: TripEvent): TripProjection {
  if (event.seq !== trip.version + 1) {
    throw new TripProjectionError(`Trip ${trip.id}: event ${event.seq} after ${trip.version}`)
  }
  const next = { ...trip, version: event.seq }
  if (isFinalStatus(trip.statusCode)) return next
  switch (event.type) {
    case 'booked':
      throw new TripProjectionError(`Trip ${trip.id} is booked twice`)
    case 'routed':
      return { ...next, statusCode: tripStatusCodes.Routed }
    case 'dispatched':
      return {
        ...next,
        statusCode: tripStatusCodes.Dispatched,
        carName: event.car.name,
        carRegisterNumber: event.car.registerNumber,
        carPhoneNumber: event.car.phone,
        driverName: event.car.driverName,
      }
    case 'enRoute':
      return { ...next, statusCode: tripStatusCodes.EnRoute, etd: event.etd ?? trip.etd }
    case 'carWaiting':
      return { ...next, statusCode: tripStatusCodes.CarWaiting }
    case 'pickedUp':
      return { ...next, statusCode: tripStatusCodes.Pickup, pickupTime: event.at, eta: event.eta ?? trip.eta }
    case 'droppedOff':
      return { ...next, statusCode: tripStatusCodes.DropOff, dropoffTime: event.at, ata: event.at }
    case 'cancelled':
      return {
        ...next,
        statusCode: tripStatusCodes.Cancelled,
        cancelledAt: event.at,
        cancelReason: event.reason,
      }
    case 'noShow':
      return { ...next, statusCode: tripStatusCodes.NoShow, noShowTime: event.at }
    case 'position':
      return {
        ...next,
        carLocation: event.location ?? trip.carLocation,
        eta: event.eta ?? trip.eta,
        etd: event.etd ?? trip.etd,
      }
  }
}

/** Folds a trip's whole log, which must start with `booked` at seq 1. */
export function projectTrip(tripId: string, events: readonly TripEvent[]): TripProjection {
  const [first, ...rest] = events
  if (!first || first.type !== 'booked' || first.seq !== 1) {
    throw new TripProjectionError(`Trip ${tripId} must start with a booked event at seq 1`)
  }
  return rest.reduce(applyTripEvent, booked(tripId, first))
}
