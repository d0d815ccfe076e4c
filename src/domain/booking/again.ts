import { Temporal } from 'temporal-polyfill'
import type { Place } from '../../contract/passenger'
import type { Trip, TripAddress } from '../../contract/trip'

/**
 * "Book again" and the recent routes: a trip the passenger had, read back as what the wizard needs to
 * book it again on another date: the passenger, from and to, the time, and the time of its return when the same
 * day had one. Via points, extras and notes are left out: they are the trip's, and the summary shows what is
 * booked before it is saved.
 */

/** A stop as a trip records it: the passenger's saved place (its id) or an address with its coordinates. */
export interface RouteStop {
  placeId: string | null
  address: TripAddress
}

export interface AgainRoute {
  passengerId: string
  passengerName: string
  from: RouteStop
  to: RouteStop
  /** The outbound's departure, as the time field's minutes from midnight in the tenant's zone. */
  time: number
  /** The return's departure the same way, when the trip's day had its return; else null. */
  returnTime: number | null
}

/** The recent routes offered at the wizard's start. */
export const recentRouteMax = 3

function sameStop(a: RouteStop, b: RouteStop): boolean {
  if (a.placeId !== null || b.placeId !== null) return a.placeId === b.placeId
  return (
    a.address.address === b.address.address &&
    a.address.lat === b.address.lat &&
    a.address.lng === b.address.lng
  )
}

const fromOf = (trip: Trip): RouteStop => ({ placeId: trip.startPlace, address: trip.startAddress })
const toOf = (trip: Trip): RouteStop => ({ placeId: trip.endPlace, address: trip.endAddress })

const byStart = (a: Trip, b: Trip) =>
  Temporal.Instant.compare(Temporal.Instant.from(a.startDateTime), Temporal.Instant.from(b.startDateTime))

/**
 * The trip's return: the passenger's first trip not cancelled later on the same day, from where this one ended
 * back to where it started.
 */
export function returnOf(trip: Trip, trips: readonly Trip[]): Trip | null {
  const later = trips
    .filter(
      (other) =>
        other.passenger.id === trip.passenger.id &&
        other.date === trip.date &&
        other.cancelledAt === null &&
        byStart(other, trip) > 0 &&
        sameStop(fromOf(other), toOf(trip)) &&
        sameStop(toOf(other), fromOf(trip)),
    )
    .sort(byStart)
  return later[0] ?? null
}

function minutesOf(instant: string, timeZone: string): number {
  const zoned = Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone)
  return zoned.hour * 60 + zoned.minute
}

/** The trip to book again, with its return of that day (the local trips are where it is looked for). */
export function routeOfTrip(trip: Trip, trips: readonly Trip[], timeZone: string): AgainRoute {
  const back = returnOf(trip, trips)
  return {
    passengerId: trip.passenger.id,
    passengerName: trip.passenger.name,
    from: fromOf(trip),
    to: toOf(trip),
    time: minutesOf(trip.startDateTime, timeZone),
    returnTime: back ? minutesOf(back.startDateTime, timeZone) : null,
  }
}

/**
 * The passengers' latest distinct routes, newest first, at most `max`: a route is a passenger's from and to (the
 * latest trip's times kept), a trip that is another's return is part of that route, and cancelled trips are left
 * out.
 */
export function recentRoutes(trips: readonly Trip[], timeZone: string, max = recentRouteMax): AgainRoute[] {
  const kept = trips.filter((trip) => trip.cancelledAt === null)
  const returns = new Set(kept.map((trip) => returnOf(trip, kept)).filter((trip) => trip !== null))
  const routes: AgainRoute[] = []
  for (const trip of [...kept].sort(byStart).reverse()) {
    if (routes.length >= max) break
    if (returns.has(trip)) continue
    const route = routeOfTrip(trip, kept, timeZone)
    const seen = routes.some(
      (other) =>
        other.passengerId === route.passengerId &&
        sameStop(other.from, route.from) &&
        sameStop(other.to, route.to),
    )
    if (!seen) routes.push(route)
  }
  return routes
}

/**
 * The stop as the wizard's place: the passenger's saved place when it still has it, else the address searched
 * (the server checks it against its geocoder again); null without coordinates, which a booking needs.
 */
export function stopPlace(stop: RouteStop, places: readonly Place[]): Place | null {
  const saved = stop.placeId === null ? undefined : places.find((place) => place.id === stop.placeId)
  if (saved) return saved
  const { alias, address, lat, lng } = stop.address
  if (lat === null || lng === null) return null
  return {
    id: `${lat},${lng}`,
    alias,
    display: address,
    address,
    streetnumber: null,
    postalcode: null,
    city: null,
    latitude: lat,
    longitude: lng,
    isHome: false,
    isPickup: false,
    isViaPoint: false,
    isMain: false,
    isSecondaryPlace: false,
    source: 'mapPlaceResult',
  }
}
