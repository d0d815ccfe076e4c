import type { Passenger, Place } from '../../contract/passenger'
import type { BookingOrder, OrderViaPoint } from './order'
import { selectedExtraIds } from './passengers'
import { normalizePhone } from './phone'
import { isMapPlace } from './places'
import type { BookingQuota } from './quotas'
import { bookingInstant } from './time'

/** A stop of the trip in the booking payload: the place's address fields, its apartment, and its wait. */
export interface BookingDestination {
  /** The passenger's saved place, so the server can check it against the permission; null for a searched one. */
  placeId: string | null
  alias: string | null
  address: string
  streetnumber: string | null
  postalcode: string | null
  city: string | null
  latitude: number | null
  longitude: number | null
  apartment: string | null
  isViaPoint: boolean
  /** Minutes; 0 at the start and the end. */
  waitTime: number
}

/** What `POST api/booking` sends (spec section 3, Booking payload). */
export interface BookingPayload {
  transportationPermissionId: string
  passengers: {
    id: string
    name: string
    phone: string | null
    email: string | null
    passengerCount: number
  }[]
  /** The booked time with its offset, as the departure's or the arrival's by the wizard's radio. */
  departureDateTime: string | null
  arrivalDateTime: string | null
  /** Which of the two the time is: 'departure' or 'arrival'. */
  type: 'departure' | 'arrival'
  /** From, the via points in order, to. */
  destinations: BookingDestination[]
  additionalInformation: string
  /** The selected extras' ids, comma separated ('' when none). */
  attributes: string
  /** The Order's withAttendant, which the spec's payload list does not place; it travels as its own field. */
  withAttendant: boolean
}

/** An order with everything a booking needs (the step rules passed). */
type CompleteParts = 'passenger' | 'fromAddress' | 'toAddress' | 'date' | 'time' | 'quota' | 'viaPoints'
export type CompleteOrder = Omit<BookingOrder, CompleteParts> & {
  passenger: Passenger
  fromAddress: Place
  toAddress: Place
  date: string
  time: number
  quota: BookingQuota
  viaPoints: (OrderViaPoint & { viaPointAddress: Place })[]
}

export function isCompleteOrder(order: BookingOrder): order is CompleteOrder {
  return (
    order.passenger !== null &&
    order.fromAddress !== null &&
    order.toAddress !== null &&
    order.date !== null &&
    order.time !== null &&
    order.quota !== null &&
    order.viaPoints.every((via) => via.viaPointAddress !== null)
  )
}

function destination(place: Place, apartment: string, waitTime: number | null): BookingDestination {
  return {
    placeId: isMapPlace(place) ? null : place.id,
    alias: place.alias,
    address: place.address,
    streetnumber: place.streetnumber,
    postalcode: place.postalcode,
    city: place.city,
    latitude: place.latitude,
    longitude: place.longitude,
    apartment: apartment.trim() || null,
    isViaPoint: waitTime !== null,
    waitTime: waitTime ?? 0,
  }
}

/** The booking payload of a complete order; the time is given with the tenant zone's offset on that date. */
export function buildBookingPayload(
  order: CompleteOrder,
  context: { timeZone: string; email: string | null },
): BookingPayload {
  const dateTime = bookingInstant(order.date, order.time, context.timeZone)
    .toZonedDateTimeISO(context.timeZone)
    .toString({ timeZoneName: 'never' })
  const phone = normalizePhone(order.phone)
  return {
    transportationPermissionId: order.quota.id,
    passengers: [
      {
        id: order.passenger.id,
        name: order.passenger.name,
        phone: phone || null,
        email: context.email,
        passengerCount: order.passengerCount,
      },
    ],
    departureDateTime: order.isDepartureTime ? dateTime : null,
    arrivalDateTime: order.isDepartureTime ? null : dateTime,
    type: order.isDepartureTime ? 'departure' : 'arrival',
    destinations: [
      destination(order.fromAddress, order.fromApartment, null),
      ...order.viaPoints.map((via) => destination(via.viaPointAddress, via.viaPointApartment, via.waitTime)),
      destination(order.toAddress, order.toApartment, null),
    ],
    additionalInformation: order.additionalInfo.trim(),
    attributes: selectedExtraIds(order.quota).join(','),
    withAttendant: order.withAttendant,
  }
}
