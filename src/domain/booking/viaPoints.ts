import type { Place } from '../../contract/passenger'

/** A via point's wait options in minutes, and a new via point's (spec section 9). */
export const waitTimeOptions = [0, 5, 10] as const
export type WaitTime = (typeof waitTimeOptions)[number]
export const defaultWaitTime: WaitTime = 10
/** How long the "via point removed" status stays. */
export const viaPointRemovalStatusMs = 2000

export function isWaitTime(value: number): value is WaitTime {
  return (waitTimeOptions as readonly number[]).includes(value)
}

type Located = Pick<Place, 'address' | 'city' | 'latitude' | 'longitude'>

function addressKey(place: Located): string {
  return [place.address, place.city ?? '']
    .map((part) => part.trim().replace(/\s+/g, ' ').toLowerCase())
    .join('|')
}

/**
 * Two addresses are the same place when their coordinates are identical, or, when either has none, when they
 * read the same (street address and locality, case and spacing aside).
 */
export function isSameLocation(a: Located, b: Located): boolean {
  if (a.latitude !== null && a.longitude !== null && b.latitude !== null && b.longitude !== null) {
    return a.latitude === b.latitude && a.longitude === b.longitude
  }
  return addressKey(a) === addressKey(b)
}

export interface TripLocations {
  fromAddress: Located | null
  toAddress: Located | null
  viaPoints: readonly { viaPointAddress: Located | null }[]
}

export type LocationProblem =
  | { code: 'locationSame' }
  | {
      code: 'viaPointAddressRequired' | 'viaPointLocationSame' | 'viaPointSameAsOtherViaPoint'
      viaPointIndex: number
    }

/**
 * Where the trip's places clash (spec section 5): from and to the same place (booking.validation.locationSame);
 * a via point without an address, at from or to (viaPointLocationSame), or at an earlier via point
 * (viaPointSameAsOtherViaPoint: the later of the two is the one to change).
 */
export function locationProblems(trip: TripLocations): LocationProblem[] {
  const { fromAddress, toAddress } = trip
  const problems: LocationProblem[] = []
  if (fromAddress && toAddress && isSameLocation(fromAddress, toAddress))
    problems.push({ code: 'locationSame' })
  trip.viaPoints.forEach(({ viaPointAddress: via }, viaPointIndex) => {
    if (!via) {
      problems.push({ code: 'viaPointAddressRequired', viaPointIndex })
    } else if ([fromAddress, toAddress].some((end) => end && isSameLocation(via, end))) {
      problems.push({ code: 'viaPointLocationSame', viaPointIndex })
    } else if (
      trip.viaPoints
        .slice(0, viaPointIndex)
        .some(({ viaPointAddress: other }) => other && isSameLocation(via, other))
    ) {
      problems.push({ code: 'viaPointSameAsOtherViaPoint', viaPointIndex })
    }
  })
  return problems
}

/** The detour the via points make, against the permission's limit; both numbers show in the warning. */
export interface ViaPointDeviation {
  deviationKm: number
  maxDeviationKm: number
  exceeded: boolean
}

/** Kilometres to whole metres, so that 12.3 - 10.1 is 2.2 and not 2.2000000000000011. */
function wholeMetresKm(km: number): number {
  return Math.round(km * 1000) / 1000
}

/**
 * The via points' deviation (route with via points minus the original route, in km) against the permission's
 * viaPointMaxDeviation (metres / 1000); null when the permission sets no limit. Equal to the limit is within it.
 */
export function viaPointDeviation(
  route: { withViaPointKm: number; originalKm: number },
  maxDeviationMetres: number | null,
): ViaPointDeviation | null {
  if (maxDeviationMetres === null) return null
  const deviationKm = wholeMetresKm(route.withViaPointKm - route.originalKm)
  const maxDeviationKm = maxDeviationMetres / 1000
  return { deviationKm, maxDeviationKm, exceeded: deviationKm > maxDeviationKm }
}
