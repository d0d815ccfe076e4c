import { Temporal } from 'temporal-polyfill'
import { tripStatusCodes, type TripProblemCode } from '../../contract/codes'
import type { Trip } from '../../contract/trip'
import { frameBounds, type DateFrame } from './dateFrame'

type CancelFields = Pick<
  Trip,
  'cancelledAt' | 'pickupTime' | 'noShowTime' | 'dropoffTime' | 'startDateTime' | 'date' | 'status'
>

/** Whether the trip was cancelled: by its time of cancellation, or by the operator's status. */
export function isCancelled(trip: Pick<Trip, 'cancelledAt' | 'status'>): boolean {
  return trip.cancelledAt !== null || trip.status?.code === tripStatusCodes.Cancelled
}

/** Whether the passenger was not met at the pickup: by the no-show's time, or by the operator's status. */
export function isNoShow(trip: Pick<Trip, 'noShowTime' | 'status'>): boolean {
  return Boolean(trip.noShowTime) || trip.status?.code === tripStatusCodes.NoShow
}

/** Why a trip's own course rules out cancelling it (cancelled, no-show, completed, picked up), or null. */
function settledProblem(trip: CancelFields): TripProblemCode | null {
  if (isCancelled(trip)) return 'cancelled'
  if (isNoShow(trip)) return 'no_show'
  if (trip.dropoffTime || trip.status?.code === tripStatusCodes.DropOff) return 'completed'
  if (trip.pickupTime) return 'picked_up'
  return null
}

/**
 * Why the cancel wizard's rule (spec section 5) refuses a trip now, or null: not cancelled, no pickup or
 * no-show, and it starts in the future. The server judges the wizard's cancellations by it; the wizard's date
 * frame only chooses which trips it offers.
 */
export function wizardCancellationProblem(trip: CancelFields, now: Temporal.Instant): TripProblemCode | null {
  const settled = settledProblem(trip)
  if (settled) return settled
  return Temporal.Instant.compare(Temporal.Instant.from(trip.startDateTime), now) > 0 ? null : 'past'
}

/** The cancel wizard's rule within its date frame (start of the first day to the end of the last, in the tenant's time zone). */
export function isCancellableInFrame(
  trip: CancelFields,
  frame: DateFrame,
  now: Temporal.Instant,
  timeZone: string,
): boolean {
  if (wizardCancellationProblem(trip, now)) return false
  const start = Temporal.Instant.from(trip.startDateTime)
  const { from, until } = frameBounds(frame, timeZone)
  return Temporal.Instant.compare(start, from) >= 0 && Temporal.Instant.compare(start, until) < 0
}

/**
 * Why a trip cannot be cancelled any more, or null when it can. This is the trip detail screen's rule (spec
 * section 5: the trip date is today or later, the status is not final, and no pickup, no-show or cancellation
 * has happened), which the server also applies to the detail screen's cancellations, however late.
 */
export function cancellationProblem(trip: CancelFields, today: Temporal.PlainDate): TripProblemCode | null {
  const settled = settledProblem(trip)
  if (settled) return settled
  if (Temporal.PlainDate.compare(Temporal.PlainDate.from(trip.date), today) < 0) return 'past'
  return null
}

/** The detail screen offers cancelling only off the tracking route and when no problem stands in the way. */
export function canCancelOnDetail(
  trip: CancelFields,
  context: { trackingRoute: boolean; today: Temporal.PlainDate },
): boolean {
  return !context.trackingRoute && cancellationProblem(trip, context.today) === null
}

/** A reason is required and not blank (error.must_not_be_empty). */
export function isValidCancelReason(reason: string): boolean {
  return reason.trim().length > 0
}
