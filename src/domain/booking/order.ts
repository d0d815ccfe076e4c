import type { Passenger, Place } from '../../contract/passenger'
import type { Quota } from '../../contract/permissions'
import { laterCapped, returnTripOffsetMinutes } from './time'
import { defaultWaitTime, type WaitTime } from './viaPoints'

/**
 * The booking wizard's draft (spec section 3, Order). Plain data only, so the persisted booking snapshot
 * survives a reload as it was.
 */
export interface OrderViaPoint {
  /** The chosen place (a saved place carries its id, a searched one its source). */
  viaPointAddress: Place | null
  viaPointApartment: string
  waitTime: WaitTime
}

export interface BookingOrder {
  passenger: Passenger | null
  fromAddress: Place | null
  fromApartment: string
  viaPoints: OrderViaPoint[]
  toAddress: Place | null
  toApartment: string
  passengerCount: number
  /**
   * The spec's dateAndTime in its two parts, because step 2 sets one and step 4 the other: the ISO date in the
   * tenant's zone, and the time field's minutes from midnight (1440 and above for the next day).
   */
  date: string | null
  time: number | null
  /** The time is the departure's (true) or the arrival's. */
  isDepartureTime: boolean
  withAttendant: boolean
  additionalInfo: string
  /** The booking phone number of the additional info step, prefilled with the passenger's. */
  phone: string
  quota: Quota | null
  /** The deductible estimate in euros, once fetched for this trip. */
  price: number | null
}

/** A new booking for the passenger (or none yet); reset starts over with this, keeping the passenger. */
export function newOrder(passenger: Passenger | null): BookingOrder {
  return {
    passenger,
    fromAddress: null,
    fromApartment: '',
    viaPoints: [],
    toAddress: null,
    toApartment: '',
    passengerCount: 1,
    date: null,
    time: null,
    isDepartureTime: true,
    withAttendant: false,
    additionalInfo: '',
    phone: passenger?.phone ?? '',
    quota: null,
    price: null,
  }
}

export function newViaPoint(): OrderViaPoint {
  return { viaPointAddress: null, viaPointApartment: '', waitTime: defaultWaitTime }
}

/**
 * The return trip of a saved booking (spec section 4): from and to with their apartments swapped, one hour
 * later capped at the end of the day, as a departure time, without via points and without the outbound price.
 */
export function returnOrder(outbound: BookingOrder): BookingOrder {
  return {
    ...outbound,
    fromAddress: outbound.toAddress,
    fromApartment: outbound.toApartment,
    toAddress: outbound.fromAddress,
    toApartment: outbound.fromApartment,
    time: outbound.time === null ? null : laterCapped(outbound.time, returnTripOffsetMinutes),
    isDepartureTime: true,
    viaPoints: [],
    price: null,
  }
}
