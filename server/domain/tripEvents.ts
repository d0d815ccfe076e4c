import type { Temporal } from 'temporal-polyfill'

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

/** What an operator (or the demo) reports about a trip; each is appended to the trip's event log. */
export type TripEventData =
  | ({ type: 'booked' } & TripBooking)
  | { type: 'routed' }
  | { type: 'dispatched'; car: Car }
  | { type: 'enRoute'; etd: Temporal.Instant | null }
  | { type: 'carWaiting' }
  | { type: 'pickedUp'; eta: Temporal.Instant | null }
  | { type: 'droppedOff' }
  | { type: 'cancelled'; reason: string }
  | { type: 'noShow' }
  | {
      type: 'position'
      location: Location | null
      eta: Temporal.Instant | null
      etd: Temporal.Instant | null
    }

export type TripEventType = TripEventData['type']

/** An event in a trip's log: `seq` counts from 1, `at` is when it happened. */
export type TripEvent = TripEventData & { seq: number; at: Temporal.Instant }
