import { Temporal } from 'temporal-polyfill'
import type { Trip, TripRef } from '../../contract'

type SeriesTrip = Pick<Trip, 'id' | 'date' | 'startDateTime' | 'cancelledAt' | 'series'>

/**
 * The trips of `trip`'s standing order that start after it and are not cancelled, among `trips` (what this
 * device has: two weeks), in start order; null when the trip belongs to no series. A trip stored before series
 * existed has no `series` field at all.
 */
export function laterInSeries(trip: SeriesTrip, trips: readonly SeriesTrip[]): TripRef[] | null {
  const series = trip.series ?? null
  if (series === null) return null
  const start = Temporal.Instant.from(trip.startDateTime)
  return trips
    .filter(
      (other) =>
        other.series?.id === series.id &&
        other.cancelledAt === null &&
        Temporal.Instant.compare(Temporal.Instant.from(other.startDateTime), start) > 0,
    )
    .sort((a, b) =>
      Temporal.Instant.compare(
        Temporal.Instant.from(a.startDateTime),
        Temporal.Instant.from(b.startDateTime),
      ),
    )
    .map(({ id, date }) => ({ id, date }))
}
