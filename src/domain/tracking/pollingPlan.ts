import { Temporal } from 'temporal-polyfill'
import type { TripStatusCode } from '../../contract/codes'
import type { Trip } from '../../contract/trip'
import { isFinalStatus } from './finalStatus'

/** Polling starts this long before the trip's start (spec section 9, status polling cutoff). */
export const pollingCutoffMinutes = 30
/** The fast window opens this long before the start and closes this long after the planned end. */
export const fastWindowMinutes = 15
export const fastPollingMs = 10_000
export const slowPollingMs = 60_000

export type PlannedTrip = Pick<Trip, 'startDateTime' | 'endDateTime'>

/**
 * What status polling does at `now` (spec section 4, Tracking):
 * - `stopped` once the status is final;
 * - `notYet` until the trip starts within 30 minutes (from exactly 30 minutes before its start);
 * - `polling` from then on, every 10 s from 15 minutes before the start until 15 minutes after the planned end
 *   (the window is half-open: its last instant is slow again), every 60 s otherwise. A slow wait never runs
 *   into the fast window: the next poll is due when the window opens if that comes first.
 * A trip that passed its end without a final status keeps polling slowly while someone watches it.
 * Only instants are compared, so the tenant's time zone (and a daylight saving change) cannot move them.
 */
export type PollingPlan =
  | { kind: 'stopped' }
  | { kind: 'notYet'; startsInMs: number }
  | { kind: 'polling'; intervalMs: number; nextInMs: number }

export function pollingPlan(
  trip: PlannedTrip,
  code: TripStatusCode | null,
  now: Temporal.Instant,
): PollingPlan {
  if (isFinalStatus(code)) return { kind: 'stopped' }
  const start = Temporal.Instant.from(trip.startDateTime)
  const cutoff = start.subtract({ minutes: pollingCutoffMinutes })
  if (Temporal.Instant.compare(now, cutoff) < 0) return { kind: 'notYet', startsInMs: msBetween(now, cutoff) }
  const fastFrom = start.subtract({ minutes: fastWindowMinutes })
  const fastUntil = Temporal.Instant.from(trip.endDateTime).add({ minutes: fastWindowMinutes })
  const fast = Temporal.Instant.compare(now, fastFrom) >= 0 && Temporal.Instant.compare(now, fastUntil) < 0
  if (fast) return { kind: 'polling', intervalMs: fastPollingMs, nextInMs: fastPollingMs }
  const untilFast = Temporal.Instant.compare(now, fastFrom) < 0 ? msBetween(now, fastFrom) : Infinity
  return { kind: 'polling', intervalMs: slowPollingMs, nextInMs: Math.min(slowPollingMs, untilFast) }
}

function msBetween(from: Temporal.Instant, to: Temporal.Instant): number {
  return from.until(to).total('milliseconds')
}
