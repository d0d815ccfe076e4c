import type { BookingDestination, BookingRequest } from '../../contract/booking'
import type { Passenger } from '../../contract/passenger'
import type { Quota } from '../../contract/permissions'
import type { BookingOrder, OrderViaPoint } from './order'
import { selectedExtraIds } from './passengers'
import { normalizePhone } from './phone'
import { allowsFreePlaces, isLocated, isMapPlace, type LocatedPlace } from './places'
import { bookingInstant } from './time'
import type { WaitTime } from './viaPoints'

/** An order with everything a booking needs (the step rules passed), its places located. */
type CompleteParts = 'passenger' | 'fromAddress' | 'toAddress' | 'date' | 'time' | 'quota' | 'viaPoints'
export type CompleteOrder = Omit<BookingOrder, CompleteParts> & {
  passenger: Passenger
  fromAddress: LocatedPlace
  toAddress: LocatedPlace
  date: string
  time: number
  quota: Quota
  viaPoints: (OrderViaPoint & { viaPointAddress: LocatedPlace })[]
}

export function isCompleteOrder(order: BookingOrder): order is CompleteOrder {
  return (
    order.passenger !== null &&
    order.fromAddress !== null &&
    isLocated(order.fromAddress) &&
    order.toAddress !== null &&
    isLocated(order.toAddress) &&
    order.date !== null &&
    order.time !== null &&
    order.quota !== null &&
    order.viaPoints.every((via) => via.viaPointAddress !== null && isLocated(via.viaPointAddress))
  )
}

/** A place as the booking payload's stop: a via point when it has a wait time. */
export function bookingDestination(
  place: LocatedPlace,
  apartment: string,
  waitTime: WaitTime | null,
): BookingDestination {
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
): BookingRequest {
  const dateTime = bookingInstant(order.date, order.time, context.timeZone)
    .toZonedDateTimeISO(context.timeZone)
    .toString({ timeZoneName: 'never' })
  const phone = normalizePhone(order.phone)
  // Apartments are asked only with free places (spec section 2); one typed under another permission chosen
  // before stays in the order, but is not the booking's (the server refuses it).
  const apartment = (typed: string) => (allowsFreePlaces(order.quota.tripDestinations) ? typed : '')
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
      bookingDestination(order.fromAddress, apartment(order.fromApartment), null),
      ...order.viaPoints.map((via) =>
        bookingDestination(via.viaPointAddress, apartment(via.viaPointApartment), via.waitTime),
      ),
      bookingDestination(order.toAddress, apartment(order.toApartment), null),
    ],
    additionalInformation: order.additionalInfo.trim(),
    attributes: selectedExtraIds(order.quota).join(','),
    withAttendant: order.withAttendant,
  }
}
