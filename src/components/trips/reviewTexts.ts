import { msg } from '@lingui/core/macro'
import { reviewCommand } from '../../commands/review'
import { formErrorMessages } from '../forms/formErrorMessages'

/** The review's texts (spec sections 4, 5 and 8). */
export const reviewTexts = {
  open: msg({ id: 'trips.review_open', message: 'Review the trip' }),
  title: msg({ id: 'trips.review_title', message: 'Review the trip' }),
  driverStars: msg({ id: 'trips.review_driver', message: 'Driver' }),
  experienceStars: msg({ id: 'trips.review_experience', message: 'Trip experience' }),
  comment: msg({ id: 'trips.review_comment', message: 'Comment' }),
  chooseRating: msg({ id: 'trips.review_choose_rating', message: 'Choose a rating' }),
  required: formErrorMessages.Required,
  save: msg({ id: 'common.save', message: 'Save' }),
  saveFailed: reviewCommand.rejection.title,
  heading: msg({ id: 'trips.review_heading', message: 'Review' }),
  pending: msg({ id: 'trips.review_pending', message: 'Review waiting to be sent' }),
}
