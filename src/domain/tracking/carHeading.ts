import type { Coordinates } from '../../contract/trip'
import { greatCircleMetres, radians } from '../greatCircle'

/** Moves shorter than this are GPS jitter of a car standing still: they keep the heading it had. */
export const headingMinMoveMeters = 5

const degrees = (value: number) => (value * 180) / Math.PI

/** The initial bearing from one point towards another: degrees clockwise from north, 0 up to but not 360. */
export function bearingDegrees(from: Coordinates, to: Coordinates): number {
  const lat1 = radians(from.latitude)
  const lat2 = radians(to.latitude)
  const dLng = radians(to.longitude - from.longitude)
  const y = Math.sin(dLng) * Math.cos(lat2)
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng)
  return (degrees(Math.atan2(y, x)) + 360) % 360
}

/** Where the car is and which way it points; the heading is null until it has moved. */
export interface CarHeading {
  location: Coordinates
  heading: number | null
}

/**
 * The car after a new status: its heading is the bearing from where it was to where it is now, kept while it
 * stands (moved less than `headingMinMoveMeters`), and null for a car seen only once. No location: no car.
 */
export function nextCarHeading(previous: CarHeading | null, location: Coordinates | null): CarHeading | null {
  if (!location) return null
  if (!previous) return { location, heading: null }
  if (greatCircleMetres(previous.location, location) < headingMinMoveMeters)
    return { location, heading: previous.heading }
  return { location, heading: bearingDegrees(previous.location, location) }
}
