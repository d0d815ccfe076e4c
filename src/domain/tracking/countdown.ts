import { Temporal } from 'temporal-polyfill'
import type { Trip, TripStatus } from '../../contract/trip'
import { panelStatus } from './panelStatus'

export type CountdownTrip = Pick<Trip, 'startDateTime' | 'endDateTime'>

/**
 * The instant the countdown runs to, by the status's leg (panelStatus.ts): the arrival once the passenger is
 * aboard (the ETA, else the planned end), before that the departure (the ETD, else the planned start). None
 * for a final status, a car already at the door, or a status that says nothing.
 */
export function countdownTarget(status: TripStatus, trip: CountdownTrip): Temporal.Instant | null {
  const { leg } = panelStatus(status)
  if (leg === 'ride') return Temporal.Instant.from(status.eta ?? trip.endDateTime)
  if (leg === 'departure') return Temporal.Instant.from(status.etd ?? trip.startDateTime)
  return null
}

/**
 * Whole minutes left until the target (spec section 4), counted up: 30 seconds left is 1 minute, so 0 means
 * the moment has come. Never negative; null where there is no target, which shows no countdown.
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
