import type { Temporal } from 'temporal-polyfill'
import type { TripSeries } from '../../src/contract/series'
import { tripStatusCodes, type TripStatusCode } from '../../src/contract/trip'
import { finalStatusCodes } from '../../src/domain/tracking/finalStatus'
import type { CancelReceipt, Location, ReviewData, TripBooking, TripEvent } from './tripEvents'

/**
 * Where a booking made in the portal stands; null for a trip the operator booked. `withdrawn`: its user cancelled
 * it while it awaited the decision (a series' following rides), which the operator can no longer take.
 */
export type TripApproval = 'awaiting' | 'approved' | 'refused' | 'withdrawn'

export interface TripReview extends ReviewData {
  at: Temporal.Instant
}

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
  /** The portal user who cancelled; null when the operator did or nobody has. */
  cancelledByUserId: string | null
  /** A cancellation in the portal: when its user is told to call `cancelPhone` unless it has been answered. */
  cancelAcknowledgeBy: Temporal.Instant | null
  cancelPhone: string | null
  /** The transport service's answer to the portal's cancellation, once it has come. */
  cancelReceipt: CancelReceipt | null
  pickupTime: Temporal.Instant | null
  dropoffTime: Temporal.Instant | null
  noShowTime: Temporal.Instant | null
  statusCode: TripStatusCode
  eta: Temporal.Instant | null
  etd: Temporal.Instant | null
  ata: Temporal.Instant | null
  carLocation: Location | null
  reviews: TripReview[]
  approval: TripApproval | null
  /** The standing order a portal booking was made in; null for a trip booked on its own. */
  series: TripSeries | null
  /** `seq` of the last event applied. */
  version: number
}

/**
 * Why a trip's log cannot take an event. `out_of_sequence` and `not_booked` are programming errors; the others
 * are what an operator may run into (the operator API answers them with 409 and this reason).
 */
export type TripEventRejection =
  | 'out_of_sequence'
  | 'not_booked'
  | 'already_booked'
  | 'trip_final'
  | 'picked_up'
  | 'not_reviewable'
  | 'already_reviewed'
  | 'awaiting_approval'
  | 'not_awaiting_approval'
  | 'not_cancelled_in_portal'
  | 'already_answered'

export class TripProjectionError extends Error {
  override name = 'TripProjectionError'
  constructor(
    readonly reason: TripEventRejection,
    message: string,
  ) {
    super(message)
  }
}

type OpeningEvent = TripEvent & { type: 'booked' | 'requested' }

/** What the event that opens a trip fixes about it. */
function bookingOf(event: OpeningEvent): TripBooking {
  if (event.type === 'requested') {
    const { type: _type, seq: _seq, at: _at, request: _request, ...booking } = event
    return booking
  }
  const { type: _type, seq: _seq, at: _at, ...booking } = event
  return booking
}

/** Whether the passenger's user sees the trip: not while a booking awaits approval, nor once it is refused. */
export function isShownToPassenger(trip: Pick<TripProjection, 'approval'>): boolean {
  return trip.approval === null || trip.approval === 'approved'
}

function opened(tripId: string, event: OpeningEvent): TripProjection {
  const { seq, at } = event
  return {
    ...bookingOf(event),
    id: tripId,
    bookedAt: at,
    carName: null,
    carRegisterNumber: null,
    carPhoneNumber: null,
    driverName: null,
    cancelledAt: null,
    cancelReason: null,
    cancelledByUserId: null,
    cancelAcknowledgeBy: null,
    cancelPhone: null,
    cancelReceipt: null,
    pickupTime: null,
    dropoffTime: null,
    noShowTime: null,
    statusCode: tripStatusCodes.Booked,
    eta: null,
    etd: null,
    ata: null,
    carLocation: null,
    reviews: [],
    approval: event.type === 'requested' ? 'awaiting' : null,
    series: (event.type === 'requested' && event.request.series) || null,
    version: seq,
  }
}

/** Why `trip` cannot take `event`, or null. A final trip (cancelled, no-show, dropped off) takes only a review. */
function rejection(trip: TripProjection, event: Exclude<TripEvent, OpeningEvent>): TripEventRejection | null {
  // The answer comes after the cancellation, which has made the trip final; it is answered once.
  if (event.type === 'cancelReceipt') {
    if (trip.cancelledByUserId === null) return 'not_cancelled_in_portal'
    return trip.cancelReceipt ? 'already_answered' : null
  }
  if (event.type === 'approved' || event.type === 'refused')
    return trip.approval === 'awaiting' ? null : 'not_awaiting_approval'
  // Until the operator approves, nothing else happens to the trip but its withdrawal: it is not yet one.
  if (trip.approval === 'awaiting') return event.type === 'cancelled' ? null : 'awaiting_approval'
  if (event.type === 'reviewed') {
    if (trip.cancelledAt || trip.noShowTime) return 'not_reviewable'
    return trip.reviews.length > 0 ? 'already_reviewed' : null
  }
  if (finalStatusCodes.has(trip.statusCode)) return 'trip_final'
  if ((event.type === 'noShow' || event.type === 'rescheduled') && trip.pickupTime) return 'picked_up'
  return null
}

const outOfSequence = (trip: TripProjection, event: TripEvent) =>
  new TripProjectionError('out_of_sequence', `Trip ${trip.id}: event ${event.seq} after ${trip.version}`)

/**
 * The trip after one more event, appended to its log (the next seq); throws TripProjectionError for an event its
 * log cannot take.
 */
export function applyTripEvent(trip: TripProjection, event: TripEvent): TripProjection {
  if (event.seq !== trip.version + 1) throw outOfSequence(trip, event)
  return applied(trip, event)
}

/** `event` applied to `trip` once its place in the log is checked. */
function applied(trip: TripProjection, event: TripEvent): TripProjection {
  if (event.type === 'booked' || event.type === 'requested')
    throw new TripProjectionError('already_booked', `Trip ${trip.id} is booked twice`)
  const rejected = rejection(trip, event)
  if (rejected)
    throw new TripProjectionError(rejected, `Trip ${trip.id} cannot take ${event.type}: ${rejected}`)
  const next = { ...trip, version: event.seq }
  switch (event.type) {
    case 'routed':
      return { ...next, statusCode: tripStatusCodes.Routed }
    case 'rescheduled': {
      const shift = trip.start.until(event.start)
      return {
        ...next,
        start: event.start,
        end: event.end,
        viaPoints: trip.viaPoints.map((via) => ({ ...via, time: via.time?.add(shift) ?? null })),
      }
    }
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
        approval: trip.approval === 'awaiting' ? 'withdrawn' : trip.approval,
        statusCode: tripStatusCodes.Cancelled,
        cancelledAt: event.at,
        cancelReason: event.reason,
        cancelledByUserId: event.userId,
        cancelAcknowledgeBy: event.acknowledgeBy ?? null,
        cancelPhone: event.phone ?? null,
      }
    case 'cancelReceipt': {
      const { outcome, answeredAt, reason } = event
      return { ...next, cancelReceipt: { outcome, answeredAt, reason } }
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
    case 'approved':
      return { ...next, approval: 'approved' }
    case 'refused':
      return {
        ...next,
        approval: 'refused',
        statusCode: tripStatusCodes.Cancelled,
        cancelledAt: event.at,
        cancelReason: event.reason,
      }
    case 'reviewed': {
      const { comment, driverStars, experienceStars, userId } = event
      return {
        ...next,
        reviews: [...trip.reviews, { comment, driverStars, experienceStars, userId, at: event.at }],
      }
    }
  }
}

/**
 * Folds a trip's whole log, which must start with `booked` or `requested` at seq 1 and go up from there. It may
 * skip numbers: retention deletes a finished trip's old position events (server/retention/), which change no
 * status, and the trip's version stays that of its last event.
 */
export function projectTrip(tripId: string, events: readonly TripEvent[]): TripProjection {
  const [first, ...rest] = events
  if (!first || (first.type !== 'booked' && first.type !== 'requested') || first.seq !== 1) {
    throw new TripProjectionError('not_booked', `Trip ${tripId} must start with a booked event at seq 1`)
  }
  return rest.reduce(
    (trip, event) => {
      if (event.seq <= trip.version) throw outOfSequence(trip, event)
      return applied(trip, event)
    },
    opened(tripId, first),
  )
}
