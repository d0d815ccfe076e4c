import type { Trip } from '../contract'

/** A pickup or drop-off that a pull newly shows (spec section 4, Notices). */
export interface TripMilestone {
  kind: 'pickup' | 'dropoff'
  trip: Trip
}

const key = (trip: Pick<Trip, 'id' | 'date'>) => `${trip.id}|${trip.date}`

/**
 * Compares the stored trips with the pulled ones. Only a trip already known can newly show a time: a first
 * pull, or a trip that appears for the first time, raises nothing. When both times appear in one pull, the
 * drop-off (the later news) is the one told.
 */
export function milestonesOf(stored: readonly Trip[], pulled: readonly Trip[]): TripMilestone[] {
  const before = new Map(stored.map((trip) => [key(trip), trip]))
  return pulled.flatMap((trip): TripMilestone[] => {
    const old = before.get(key(trip))
    if (!old) return []
    if (trip.dropoffTime !== null && old.dropoffTime === null) return [{ kind: 'dropoff', trip }]
    if (trip.pickupTime !== null && old.pickupTime === null) return [{ kind: 'pickup', trip }]
    return []
  })
}
