import { Temporal } from 'temporal-polyfill'
import type { Trip } from '../../contract/trip'
import type { PassengerBooking } from './awaiting'

/**
 * A booking at a time the passenger already travels: a warning at the summary, never a block, since
 * a second ride may be meant (a changed plan, a trip the operator will merge). The window is the existing trip's
 * start to its end, widened by this margin each side: the new trip's own length is unknown before it is booked,
 * and a car is rarely on time to the minute, so an 08:00 booking beside a 07:50-07:58 trip is told too.
 */
export const overlapMarginMinutes = 15

/** Whether the span's window (start to end, ± the margin) holds the instant. */
function holds(span: { startDateTime: string; endDateTime: string }, at: Temporal.Instant): boolean {
  const margin = Temporal.Duration.from({ minutes: overlapMarginMinutes })
  const from = Temporal.Instant.from(span.startDateTime).subtract(margin)
  const to = Temporal.Instant.from(span.endDateTime).add(margin)
  return Temporal.Instant.compare(from, at) <= 0 && Temporal.Instant.compare(at, to) <= 0
}

/** The passenger's trips, not cancelled, whose window holds the instant. */
export function overlappingTrips(trips: readonly Trip[], passengerId: string, at: Temporal.Instant): Trip[] {
  return trips.filter(
    (trip) => trip.passenger.id === passengerId && trip.cancelledAt === null && holds(trip, at),
  )
}

/**
 * The passenger's bookings awaiting approval whose window holds the instant: each may yet be a trip. A refused
 * one never will.
 */
export function overlappingAwaiting(
  bookings: readonly PassengerBooking[],
  passengerId: string,
  at: Temporal.Instant,
): PassengerBooking[] {
  return bookings.filter(
    (booking) => booking.passengerId === passengerId && booking.approval === 'awaiting' && holds(booking, at),
  )
}
