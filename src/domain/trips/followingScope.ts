import { Temporal } from 'temporal-polyfill'
import type { Trip, TripAddress, TripRef } from '../../contract'
import { laterInSeries } from '../series/laterInSeries'

type ScopeTrip = Pick<
  Trip,
  | 'id'
  | 'date'
  | 'startDateTime'
  | 'cancelledAt'
  | 'series'
  | 'passenger'
  | 'startPlace'
  | 'endPlace'
  | 'startAddress'
  | 'endAddress'
>

/** What "this and the following" of a series trip cancels, as far as this device knows (its two weeks). */
export interface FollowingScope {
  /** The series' later trips this device has, not cancelled. */
  later: TripRef[]
  /** This trip and `later`. */
  count: number
  /** The series' last date when it reaches past the last trip this device has: the server cancels those too. */
  continuesUntil: string | null
  /** The series going back the other way, from its next ride after this trip; null when there is none. */
  returnSeries: { first: TripRef; later: TripRef[]; count: number; continuesUntil: string | null } | null
}

const startOf = (trip: ScopeTrip) => Temporal.Instant.from(trip.startDateTime)

/** The same stop: the same saved place when both name one, else the same street address. */
function samePlace(
  place: string | null,
  address: TripAddress,
  otherPlace: string | null,
  other: TripAddress,
) {
  if (place !== null && otherPlace !== null) return place === otherPlace
  return address.address.trim().toLowerCase() === other.address.trim().toLowerCase()
}

/** `other` goes back the way `trip` came: from its destination to its start. */
const goesBack = (trip: ScopeTrip, other: ScopeTrip) =>
  samePlace(trip.endPlace, trip.endAddress, other.startPlace, other.startAddress) &&
  samePlace(trip.startPlace, trip.startAddress, other.endPlace, other.endAddress)

/** The series' `until` when it is later than the last of `refs` (or `trip` itself when there are none). */
function continuesUntil(trip: ScopeTrip, refs: readonly TripRef[]): string | null {
  const until = trip.series?.until
  const last = refs.at(-1)?.date ?? trip.date
  return until && Temporal.PlainDate.compare(until, last) > 0 ? until : null
}

/**
 * The following scope of `trip` among `trips` (what this device has); null for a trip of no series. The return
 * series is the passenger's other series whose next ride not cancelled after this trip goes back the other way;
 * of several, the one whose ride comes first. A series records no link to its return, so this is how a guardian
 * would tell it: the same passenger, the stops swapped.
 */
export function followingScope(trip: ScopeTrip, trips: readonly ScopeTrip[]): FollowingScope | null {
  const later = laterInSeries(trip, trips)
  if (later === null || !trip.series) return null
  const seriesId = trip.series.id
  const start = startOf(trip)
  const back = trips
    .filter(
      (other) =>
        other.series &&
        other.series.id !== seriesId &&
        other.passenger.id === trip.passenger.id &&
        other.cancelledAt === null &&
        Temporal.Instant.compare(startOf(other), start) > 0 &&
        goesBack(trip, other),
    )
    .sort((a, b) => Temporal.Instant.compare(startOf(a), startOf(b)))[0]
  const backLater = back ? (laterInSeries(back, trips) ?? []) : []
  return {
    later,
    count: 1 + later.length,
    continuesUntil: continuesUntil(trip, later),
    returnSeries: back
      ? {
          first: { id: back.id, date: back.date },
          later: backLater,
          count: 1 + backLater.length,
          continuesUntil: continuesUntil(back, backLater),
        }
      : null,
  }
}
