import { Temporal } from 'temporal-polyfill'
import type { Trip, TripStatus } from '../../contract/trip'
import { countdownMinutes, countdownTarget, type CountdownTrip } from './countdown'
import { panelStatus } from './panelStatus'
import { pollingCutoffMinutes } from './pollingPlan'

export const progressMin = 10
export const progressDue = 95
export const progressDone = 100

/**
 * The tracking panel's progress, 0-100 (spec section 4: 100 for cancelled or completed, 95 when 0 minutes
 * remain, otherwise at least 10). Every final status is over, so a no-show is 100 too; a car waiting at the door
 * is due (95); a status that says nothing stays at 10. Otherwise the bar fills from 10 towards 95 with the share
 * of the current leg (panelStatus.ts) that has passed:
 * - aboard (Pickup), the ride from the pickup (else the planned start) to the ETA (else the planned end);
 * - before that, the 30 minutes before the ETD (else the planned start) in which tracking runs.
 * It is rounded down, so it reaches 95 only when the countdown says 0.
 */
export function trackingProgress(
  status: TripStatus,
  trip: CountdownTrip & Pick<Trip, 'pickupTime'>,
  now: Temporal.Instant,
): number {
  const { leg } = panelStatus(status)
  if (leg === 'over') return progressDone
  if (leg === 'due') return progressDue
  const target = countdownTarget(status, trip)
  if (!target) return progressMin
  if (countdownMinutes(status, trip, now) === 0) return progressDue
  const from =
    leg === 'ride'
      ? Temporal.Instant.from(trip.pickupTime ?? trip.startDateTime)
      : target.subtract({ minutes: pollingCutoffMinutes })
  const total = from.until(target).total('milliseconds')
  if (total <= 0) return progressMin
  const share = from.until(now).total('milliseconds') / total
  return Math.max(progressMin, Math.floor(progressMin + (progressDue - progressMin) * share))
}
