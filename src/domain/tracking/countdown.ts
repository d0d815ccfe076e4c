import { Temporal } from 'temporal-polyfill'
import { tripStatusCodes } from '../../contract/codes'
import type { Trip, TripStatus } from '../../contract/trip'
import { isFinalStatus } from './finalStatus'

export type CountdownTrip = Pick<Trip, 'startDateTime' | 'endDateTime'>

/**
 * The instant the countdown runs to: the arrival once the passenger is aboard (Pickup: the ETA, else the
 * planned end), before that the departure (the ETD, else the planned start); none for a final status.
 */
export function countdownTarget(status: TripStatus, trip: CountdownTrip): Temporal.Instant | null {
  if (isFinalStatus(status.code)) return null
  const target =
    status.code === tripStatusCodes.Pickup
      ? (status.eta ?? trip.endDateTime)
      : (status.etd ?? trip.startDateTime)
  return Temporal.Instant.from(target)
}

/**
 * Whole minutes left until the target (spec section 4), counted up: 30 seconds left is 1 minute, so 0 means
 * the moment has come. Never negative; null for a final status, which shows no countdown.
 */
export function countdownMinutes(
  status: TripStatus,
  trip: CountdownTrip,
  now: Temporal.Instant,
): number | null {
  const target = countdownTarget(status, trip)
  if (!target) return null
  return Math.max(0, Math.ceil(now.until(target).total('minutes')))
}
