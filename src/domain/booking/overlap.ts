import { Temporal } from 'temporal-polyfill'
import type { Trip } from '../../contract/trip'

/**
 * A booking at a time the passenger already travels (issue 37): a warning at the summary, never a block, since
 * a second ride may be meant (a changed plan, a trip the operator will merge). The window is the existing trip's
 * start to its end, widened by this margin each side: the new trip's own length is unknown before it is booked,
 * and a car is rarely on time to the minute, so an 08:00 booking beside a 07:50-07:58 trip is told too.
 */
export const overlapMarginMinutes = 15

/** The passenger's trips, not cancelled, whose window (start to end, ± the margin) holds the instant. */
export function overlappingTrips(trips: readonly Trip[], passengerId: string, at: Temporal.Instant): Trip[] {
  const margin = Temporal.Duration.from({ minutes: overlapMarginMinutes })
  return trips.filter((trip) => {
    if (trip.passenger.id !== passengerId || trip.cancelledAt !== null) return false
    const from = Temporal.Instant.from(trip.startDateTime).subtract(margin)
    const to = Temporal.Instant.from(trip.endDateTime).add(margin)
    return Temporal.Instant.compare(from, at) <= 0 && Temporal.Instant.compare(at, to) <= 0
  })
}
