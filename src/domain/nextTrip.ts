import { Temporal } from 'temporal-polyfill'
import type { Trip } from '../contract/trip'

/**
 * Each passenger's next trip: the earliest trip that is not cancelled and has not started yet at `now`.
 * Works on any order of trips.
 */
export function nextTripByPassenger(trips: readonly Trip[], now: Temporal.Instant): Map<string, Trip> {
  const next = new Map<string, Trip>()
  for (const trip of trips) {
    if (trip.cancelledAt) continue
    const start = Temporal.Instant.from(trip.startDateTime)
    if (Temporal.Instant.compare(start, now) < 0) continue
    const current = next.get(trip.passenger.id)
    if (!current || Temporal.Instant.compare(start, Temporal.Instant.from(current.startDateTime)) < 0) {
      next.set(trip.passenger.id, trip)
    }
  }
  return next
}
