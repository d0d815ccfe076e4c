import type { Address, Location } from '../domain/tripEvents'

/** Coordinates rounded to five decimals (about a metre), as a GPS report would give them. */
const rounded = (value: number) => Number(value.toFixed(5))

export function locationOf(address: Address): Location | null {
  return address.lat === null || address.lng === null
    ? null
    : { latitude: address.lat, longitude: address.lng }
}

/** The point `share` (0 to 1) of the way from `from` to `to`, on a straight line: the demo has no road data. */
export function between(from: Location, to: Location, share: number): Location {
  const part = Math.min(1, Math.max(0, share))
  return {
    latitude: rounded(from.latitude + (to.latitude - from.latitude) * part),
    longitude: rounded(from.longitude + (to.longitude - from.longitude) * part),
  }
}

/** Where the car sets out from to fetch the passenger: about 2 km from the pickup, in a direction the trip fixes. */
export function approachPoint(pickup: Location, seed: number): Location {
  const angle = ((seed % 360) * Math.PI) / 180
  return {
    latitude: rounded(pickup.latitude + 0.018 * Math.cos(angle)),
    longitude: rounded(pickup.longitude + 0.034 * Math.sin(angle)),
  }
}

const distance = (a: Location, b: Location) =>
  Math.hypot(a.latitude - b.latitude, (a.longitude - b.longitude) * Math.cos((a.latitude * Math.PI) / 180))

export interface RideStop {
  location: Location
  /** Minutes the car waits here (a via point's wait); 0 at the start and the end. */
  waitMinutes: number
}

/**
 * Where the car is `elapsedMinutes` into a ride of `rideMinutes` through `stops` (start, via points, end): it
 * drives each leg at one speed, taking time in proportion to the leg's length, and waits at via points (their
 * waits squeezed into at most half of the ride when the ride is short).
 */
export function alongRide(stops: readonly RideStop[], rideMinutes: number, elapsedMinutes: number): Location {
  const first = stops[0]
  const last = stops.at(-1)
  if (!first || !last) throw new Error('A ride has at least one stop')
  const waits = stops.slice(1, -1).reduce((sum, stop) => sum + stop.waitMinutes, 0)
  const waitScale = waits > rideMinutes / 2 ? rideMinutes / 2 / waits : 1
  const legs = stops.slice(1).map((stop, index) => distance(stops[index]!.location, stop.location))
  const length = legs.reduce((sum, leg) => sum + leg, 0)
  const driving = rideMinutes - waits * waitScale
  let left = elapsedMinutes
  for (const [index, leg] of legs.entries()) {
    const legMinutes = length === 0 ? 0 : (driving * leg) / length
    const from = stops[index]!.location
    const to = stops[index + 1]!
    if (left < legMinutes) return between(from, to.location, left / legMinutes)
    left -= legMinutes
    if (index < legs.length - 1) {
      const wait = to.waitMinutes * waitScale
      if (left < wait) return to.location
      left -= wait
    }
  }
  return last.location
}
