import type { Temporal } from 'temporal-polyfill'
import type { TripSeries } from '../../src/contract/series'

export interface Address {
  alias: string | null
  address: string
  lat: number | null
  lng: number | null
}

export interface ViaPoint {
  address: Address
  /** The passenger's saved place, when the via point is one. */
  placeId: string | null
  time: Temporal.Instant | null
  waitMinutes: number
}

export interface Car {
  name: string
  registerNumber: string | null
  phone: string | null
  driverName: string | null
}

export interface Location {
  latitude: number
  longitude: number
}

/** What a booking fixes about a trip: who travels, when, where, and on what terms. */
export interface TripBooking {
  passengerId: string
  start: Temporal.Instant
  end: Temporal.Instant
  startPlaceId: string | null
  endPlaceId: string | null
  startAddress: Address
  endAddress: Address
  viaPoints: ViaPoint[]
  deductibleCents: number | null
  note: string | null
  allowEtaQuery: boolean
  allowReview: boolean
}

/** A passenger's review of a completed trip: stars are 1 to the tenant's scale. */
export interface ReviewData {
  comment: string
  driverStars: number
  experienceStars: number
  /** The user who wrote it. */
  userId: string
}

/**
 * What a booking made in the portal asked for besides the trip itself, and the quota trip it used (returned if
 * the operator refuses the booking).
 */
export interface BookingRequestData {
  permissionId: string
  /** The start date of the period whose quota the trip used. */
  periodStartDate: string
  /** Whether it used an express trip as well. */
  express: boolean
  passengerCount: number
  phone: string | null
  email: string | null
  extraIds: string[]
  withAttendant: boolean
  /** The standing order the ride was booked in; absent for a ride booked on its own. */
  series?: TripSeries
}

/** The transport service's answer to a cancellation made in the portal. */
export interface CancelReceipt {
  outcome: 'received' | 'refused'
  answeredAt: Temporal.Instant
  /** Why it was refused, as the dispatch system wrote it; null when received. */
  reason: string | null
}

/**
 * What an operator (or the demo) reports about a trip, or what a user does to it (cancel, review); each is
 * appended to the trip's event log.
 */
export type TripEventData =
  | ({ type: 'booked' } & TripBooking)
  /** A booking made in the portal: the trip awaits the operator's approval and is not shown until then. */
  | ({ type: 'requested'; request: BookingRequestData } & TripBooking)
  | { type: 'approved' }
  /** The operator refused the booking: the trip is cancelled with `reason` and never shown. */
  | { type: 'refused'; reason: string }
  | { type: 'routed' }
  /** The operator moved the trip within its day; via points keep their distance from the pickup. */
  | { type: 'rescheduled'; start: Temporal.Instant; end: Temporal.Instant }
  | { type: 'dispatched'; car: Car }
  | { type: 'enRoute'; etd: Temporal.Instant | null }
  | { type: 'carWaiting' }
  | { type: 'pickedUp'; eta: Temporal.Instant | null }
  | { type: 'droppedOff' }
  /**
   * `userId` is the user who cancelled in the portal; null when the operator did. A cancellation in the portal
   * waits for the transport service's receipt: until `acknowledgeBy` (null: the tenant sets no such time),
   * after which its user is told to call `phone`, the tenant's number then. Absent: the operator cancelled, or
   * it was stored before receipts.
   */
  | {
      type: 'cancelled'
      reason: string
      userId: string | null
      acknowledgeBy?: Temporal.Instant | null
      phone?: string | null
    }
  /**
   * The transport service's answer to the portal's cancellation: received, or refused with its reason; `answeredAt`
   * is when it says it answered.
   */
  | ({ type: 'cancelReceipt' } & CancelReceipt)
  | { type: 'noShow' }
  | {
      type: 'position'
      location: Location | null
      eta: Temporal.Instant | null
      etd: Temporal.Instant | null
    }
  | ({ type: 'reviewed' } & ReviewData)

export type TripEventType = TripEventData['type']

/** An event in a trip's log: `seq` counts from 1, `at` is when it happened. */
export type TripEvent = TripEventData & { seq: number; at: Temporal.Instant }
