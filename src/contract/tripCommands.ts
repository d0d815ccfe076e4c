import { z } from 'zod'
import { cancelReasonCodes, cancelReasonMaxLength, cancelSources, reviewCommentMaxLength } from './codes'
import { id, isoDate, text, tripId } from './common'

/** A trip is identified by id plus date (spec section 3). */
export const tripRef = z.object({ id: tripId, date: isoDate })
export type TripRef = z.infer<typeof tripRef>

export {
  cancelReasonCodes,
  cancelReasonMaxLength,
  cancelSources,
  reviewCommentMaxLength,
  type CancelReasonCode,
  type CancelSource,
} from './codes'

/** With `following`: a trip, and perhaps the first ride of its return series. */
export const followingTripsMax = 2

/**
 * Cancel trips with one reason. The answer lists the trips now cancelled; a trip left out could not be
 * cancelled any more. When none can, the answer is 409 `trip_not_cancellable` with `errors` per trip
 * (`property: 'trips.{index}'`, `error`: a `TripProblemCode`).
 */
export const cancelTripsRequest = z.object({
  trips: z.array(tripRef).min(1).max(100),
  reason: text(cancelReasonMaxLength, { min: 1, trim: true }),
  /** Commands queued before the field existed, and the portal until it offers the reasons, send none: 'other'. */
  reasonCode: z
    .enum(cancelReasonCodes)
    .default('other')
    .describe('Why, from a fixed list the dispatch system is told beside the free text'),
  /**
   * Commands queued before the field existed replay without it; they are judged by the detail screen's rule,
   * as the server judged every cancellation then, so none that was accepted before is now refused.
   */
  source: z
    .enum(cancelSources)
    .default('detail')
    .describe(
      "Where the cancellation was made: 'wizard' (trips that start in the future) or 'detail' (trips of today or later)",
    ),
  /**
   * Cancel the following trips of each trip's series too: every trip of its standing order on a later date
   * that can still be cancelled by the detail screen's rule, those beyond the portal's two weeks included, and
   * those still awaiting approval withdrawn (their quota given back). Only with a trip and perhaps its return's
   * next ride (`followingTripsMax`), so that one command cancels both series.
   */
  following: z
    .boolean()
    .default(false)
    .describe(
      "With a trip of a series (and perhaps its return series' next ride): each and its series' later trips that can still be cancelled; those awaiting approval are withdrawn, and the answer lists only the trips the passenger saw",
    ),
})
export type CancelTripsRequest = z.input<typeof cancelTripsRequest>

/** Stars are 1 to 5; tenants with a 4-star scale reject 5 (400). Reviewed trips are locked (409). */
export const reviewRequest = z.object({
  trip: tripRef,
  comment: text(reviewCommentMaxLength, { min: 1, trim: true }),
  driverStars: z.number().int().min(1).max(5),
  experienceStars: z.number().int().min(1).max(5),
})
export type ReviewRequest = z.input<typeof reviewRequest>

export const tripStatusRequest = z.object({ passengerId: id, tripId, date: isoDate })
export type TripStatusRequest = z.infer<typeof tripStatusRequest>
