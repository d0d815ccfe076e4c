import { Temporal } from 'temporal-polyfill'
import type { TripProblemCode } from '../../contract/common'
import type { Trip } from '../../contract/trip'

/** Availability is re-evaluated this often (spec section 9). */
export const reviewCheckIntervalMs = 60_000
/** A picked-up trip counts as completed this long after its planned end (spec section 9). */
export const reviewAfterPlannedEndMinutes = 10

type ReviewFields = Pick<
  Trip,
  'pickupTime' | 'dropoffTime' | 'endDateTime' | 'allowReview' | 'cancelledAt' | 'noShowTime' | 'reviews'
>

/** Completed: dropped off, or picked up and at least 10 minutes past the planned end. */
export function isTripCompleted(trip: ReviewFields, now: Temporal.Instant): boolean {
  if (trip.dropoffTime) return true
  if (!trip.pickupTime) return false
  const reviewableFrom = Temporal.Instant.from(trip.endDateTime).add({
    minutes: reviewAfterPlannedEndMinutes,
  })
  return Temporal.Instant.compare(now, reviewableFrom) >= 0
}

/** Why a review cannot be written now, or null when it can (spec section 4, Review). */
export function reviewProblem(trip: ReviewFields, now: Temporal.Instant): TripProblemCode | null {
  if (trip.reviews.length > 0) return 'already_reviewed'
  if (trip.cancelledAt) return 'cancelled'
  if (trip.noShowTime) return 'no_show'
  if (!trip.allowReview) return 'not_allowed'
  if (!isTripCompleted(trip, now)) return 'not_completed'
  return null
}

export type ReviewState = 'available' | 'reviewed' | 'unavailable'

/** What the trip detail shows: the review form, the existing review read-only, or nothing. */
export function reviewState(trip: ReviewFields, now: Temporal.Instant): ReviewState {
  if (trip.reviews.length > 0) return 'reviewed'
  return reviewProblem(trip, now) === null ? 'available' : 'unavailable'
}

/** Stars are 1 to the tenant's scale (5, or 4 for two themes). */
export function isValidStars(stars: number, scale: 4 | 5): boolean {
  return Number.isInteger(stars) && stars >= 1 && stars <= scale
}
