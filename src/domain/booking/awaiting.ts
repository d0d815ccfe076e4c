import type { UnapprovedBooking } from '../../contract/trip'

/**
 * The portal's bookings that are not trips: awaiting the transport service's approval, or refused. The
 * server lists those of the trip window with the passenger's reads (src/contract/trip.ts, `unapprovedBooking`),
 * so every device of every guardian of the passenger has them; once approved a booking is one of the trips.
 */
export type PassengerBooking = UnapprovedBooking & { passengerId: string }

/**
 * Those listed on a day of the trips page: the day's, unless the day has passed (a device offline since its
 * last pull still holds yesterday's).
 */
export function bookingsOnDay<B extends Pick<UnapprovedBooking, 'date'>>(
  bookings: readonly B[],
  date: string,
  today: string,
): B[] {
  return date < today ? [] : bookings.filter((booking) => booking.date === date)
}
