import { msg } from '@lingui/core/macro'
import { errorCodes } from '../contract/codes'
import { defineCommand } from './definition'

/** Review a completed trip (spec section 2, Trip detail). */
export const reviewCommand = defineCommand({
  type: 'trip.review',
  /** `passengerId` stays local, like the cancellation's `passengerIds`. */
  payload: (contract) => contract.reviewRequest.extend({ passengerId: contract.id }),
  endpoint: 'reviewTrip',
  request: ({ trip, comment, driverStars, experienceStars }) => ({
    body: { trip, comment, driverStars, experienceStars },
  }),
  trips: (payload) => [payload.trip],
  affects: { trips: (answer) => [answer] },
  /** Done when the trip carries a review. */
  done: (trip) => trip.reviews.length > 0,
  rejection: {
    title: msg({
      id: 'trips.review_save_failed',
      message: 'Review could not be saved. Please try again later.',
    }),
    notice: msg({ id: 'notice.review_rejected', message: 'The review was not saved. {reason}' }),
    byCode: {
      [errorCodes.reviewNotAvailable]: msg({
        id: 'trips.problem.review_not_available',
        message: 'The trip cannot be reviewed now.',
      }),
    },
  },
})
