import { Temporal } from 'temporal-polyfill'
import type { Trip, TripRef } from '../../contract'

type SeriesTrip = Pick<Trip, 'id' | 'date' | 'startDateTime' | 'cancelledAt' | 'series'>

const startOf = (trip: SeriesTrip) => Temporal.Instant.from(trip.startDateTime)

/**
 * The trips of `trip`'s standing order among `trips` (what this device has: two weeks), itself included, in start
 * order; null when the trip belongs to no series. A trip stored before series existed has no `series` at all.
 */
export function seriesTrips<T extends SeriesTrip>(trip: SeriesTrip, trips: readonly T[]): T[] | null {
  const series = trip.series ?? null
  if (series === null) return null
  return trips
    .filter((other) => other.series?.id === series.id)
    .sort((a, b) => Temporal.Instant.compare(startOf(a), startOf(b)))
}

/** The trips of `trip`'s series that start after it and are not cancelled, named as the portal names them. */
export function laterInSeries(trip: SeriesTrip, trips: readonly SeriesTrip[]): TripRef[] | null {
  const start = startOf(trip)
  return (
    seriesTrips(trip, trips)
      ?.filter((other) => other.cancelledAt === null && Temporal.Instant.compare(startOf(other), start) > 0)
      .map(({ id, date }) => ({ id, date })) ?? null
  )
}
