import type { Temporal } from 'temporal-polyfill'
import type { BookingDestination } from '../../contract/booking'
import { tripDestinations, type BookingRefusalCode } from '../../contract/codes'
import type { Place } from '../../contract/passenger'
import type { Quota } from '../../contract/permissions'
import { isRouteInsideArea } from '../permissions/area'
import { covers, periodOn, remainingOn } from '../permissions/quota'
import { extrasProblems, passengerCountProblems } from './passengers'
import { phoneProblems, type PhoneRules } from './phone'
import { allowsFreePlaces, isLocated, isPlaceAllowed } from './places'
import { expressQuotaStatus } from './quotas'
import { isSameLocation, locationProblems, viaPointDeviation } from './viaPoints'

/**
 * The server's own check of a booking when it arrives (`POST api/booking` and its estimate): the wizard's rules
 * again, on the permission, places and route as the server has them now, plus what only the server can know
 * (whose places and permission these are, what is left of the quota).
 */

export type BookingPermission = Pick<
  Quota,
  | 'decisionType'
  | 'expressQuotaTimeLimit'
  | 'tripDestinations'
  | 'allowViaPoints'
  | 'viaPointMaxDeviation'
  | 'extras'
  | 'startDate'
  | 'endDate'
  | 'periods'
  | 'placeGroups'
  | 'allowedArea'
>

export interface BookingFacts {
  permission: BookingPermission
  /** From, the via points in order, to. */
  destinations: readonly BookingDestination[]
  /** The passenger's saved places. */
  places: readonly Place[]
  /** When the trip leaves (for an arrival time, the arrival less the drive). */
  departure: Temporal.Instant
  /** The trip's date in the tenant's zone: the permission and its period must cover it. */
  date: string
  now: Temporal.Instant
  /** Kilometres of the route through the via points and of the direct one. */
  route: { withViaPointKm: number; originalKm: number }
  phone: string | null
  phoneRules: PhoneRules
  passengerCount: number
  /** The extras asked for, by id. */
  extraIds: readonly string[]
  /**
   * The searched stops (by index) whose text the server's geocoder does not place at their coordinates; a
   * saved place is named by its own address. Empty where nothing was looked up (the estimate).
   */
  addressesOffMap: readonly number[]
}

/** A reason to refuse, with the request's property it concerns and, for the deviation, both numbers. */
export interface BookingRefusal {
  code: BookingRefusalCode
  property: string
  deviationKm?: number
  maxDeviationKm?: number
}

const refusal = (code: BookingRefusalCode, property: string): BookingRefusal => ({ code, property })

/** Whether a trip may start, stop or end at `destination` under the permission, with these saved places. */
function isDestinationAllowed(
  destination: BookingDestination,
  permission: BookingPermission,
  places: readonly Place[],
): boolean {
  if (destination.placeId === null) return allowsFreePlaces(permission.tripDestinations)
  const place = places.find((candidate) => candidate.id === destination.placeId)
  // A saved place is where it is saved: coordinates moved elsewhere are a free address in disguise, and so are
  // any for a place saved without them (the portal never offers such a place).
  if (!place || !isLocated(place) || !isSameLocation(place, destination)) return false
  if (permission.tripDestinations === tripDestinations.placeGroups)
    return permission.placeGroups.some((group) => group.placeIds.includes(place.id))
  return isPlaceAllowed(place, permission.tripDestinations)
}

function quotaRefusals(facts: BookingFacts): BookingRefusal[] {
  const { permission, date } = facts
  if (!covers(permission, date) || !periodOn(permission.periods, date))
    return [refusal('booking_permission_not_valid', 'transportationPermissionId')]
  const remaining = remainingOn(permission.periods, date)
  if (remaining.remainingQuota <= 0) return [refusal('booking_no_quota', 'transportationPermissionId')]
  const express = expressQuotaStatus(
    { expressQuotaTimeLimit: permission.expressQuotaTimeLimit, ...remaining },
    facts.departure,
    facts.now,
  )
  return express === 'expressQuotaNoneLeft'
    ? [refusal('booking_no_express_quota', 'transportationPermissionId')]
    : []
}

function placeRefusals(facts: BookingFacts): BookingRefusal[] {
  const { destinations, permission } = facts
  const last = destinations.length - 1
  const viaPoints = destinations.slice(1, last)
  const found: BookingRefusal[] = []
  for (const problem of locationProblems({
    fromAddress: destinations[0]!,
    toAddress: destinations[last]!,
    viaPoints: viaPoints.map((via) => ({ viaPointAddress: via })),
  })) {
    found.push(
      problem.code === 'locationSame'
        ? refusal('booking_same_location', `destinations.${last}`)
        : refusal('booking_via_point_same_location', `destinations.${problem.viaPointIndex + 1}`),
    )
  }
  destinations.forEach((destination, index) => {
    if (!isDestinationAllowed(destination, permission, facts.places))
      found.push(refusal('booking_destination_not_allowed', `destinations.${index}`))
    else if (facts.addressesOffMap.includes(index))
      found.push(refusal('booking_address_mismatch', `destinations.${index}`))
  })
  if (viaPoints.length > 0) {
    const deviation = viaPointDeviation(facts.route, permission.viaPointMaxDeviation)
    if (!permission.allowViaPoints) found.push(refusal('booking_via_points_not_allowed', 'destinations'))
    else if (deviation?.exceeded)
      found.push({
        ...refusal('booking_via_point_deviation', 'destinations'),
        deviationKm: deviation.deviationKm,
        maxDeviationKm: deviation.maxDeviationKm,
      })
  }
  if (!isRouteInsideArea(permission.allowedArea, destinations)) {
    // Social welfare act transport is the municipality's own: its area is the municipality.
    const code = permission.decisionType === 'SHL' ? 'booking_outside_municipality' : 'booking_outside_area'
    found.push(refusal(code, 'destinations'))
  }
  return found
}

function passengerRefusals(facts: BookingFacts): BookingRefusal[] {
  const { permission } = facts
  const found = phoneProblems(facts.phone ?? '', facts.phoneRules, true).map((problem) =>
    refusal(
      problem === 'phoneRequired' ? 'booking_phone_required' : 'booking_phone_format',
      'passengers.0.phone',
    ),
  )
  if (passengerCountProblems(facts.passengerCount, permission).length > 0)
    found.push(refusal('booking_extra_passengers', 'passengers.0.passengerCount'))
  const chosen = permission.extras.map((extra) => ({
    ...extra,
    selected: facts.extraIds.includes(extra.extraId),
  }))
  const unknown = facts.extraIds.some((id) => !permission.extras.some((extra) => extra.extraId === id))
  // Only a VPL or SHL permission has extras to choose, and only its own.
  if (unknown || extrasProblems({ ...permission, extras: chosen }).length > 0)
    found.push(refusal('booking_extras_not_allowed', 'attributes'))
  return found
}

/**
 * Every reason to refuse the booking, the most fundamental first: the time, the permission and its quota, the
 * places and route, then the passenger's details. Empty when it may be booked.
 */
export function bookingRefusals(facts: BookingFacts): BookingRefusal[] {
  if (facts.departure.epochMilliseconds < facts.now.epochMilliseconds)
    return [refusal('booking_time_past', 'departureDateTime')]
  return [...quotaRefusals(facts), ...placeRefusals(facts), ...passengerRefusals(facts)]
}

/** Whether the trip uses an express trip as well: it leaves sooner than the permission's express limit. */
export function usesExpressQuota(facts: Pick<BookingFacts, 'permission' | 'date' | 'departure' | 'now'>) {
  const remaining = remainingOn(facts.permission.periods, facts.date)
  return (
    expressQuotaStatus(
      { expressQuotaTimeLimit: facts.permission.expressQuotaTimeLimit, ...remaining },
      facts.departure,
      facts.now,
    ) !== 'notExpress'
  )
}
