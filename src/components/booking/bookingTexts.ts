import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { BookingStep } from '../../domain/booking/steps'

/** The booking wizard's step titles, by the spec's numbers (section 2): 1-6 the booking, 7-9 its return trip. */
export const bookingStepTitles: Record<BookingStep, MessageDescriptor> = {
  1: msg({ id: 'booking.step_passenger', message: 'Select passenger' }),
  2: msg({ id: 'booking.step_date', message: 'Select date' }),
  3: msg({ id: 'booking.step_quota', message: 'Select quota type' }),
  4: msg({ id: 'booking.step_trip', message: 'Trip information' }),
  5: msg({ id: 'booking.step_additional_info', message: 'Additional info' }),
  6: msg({ id: 'booking.step_summary', message: 'Summary' }),
  7: msg({ id: 'booking.step_return_trip', message: 'Return trip' }),
  8: msg({ id: 'booking.step_return_additional_info', message: 'Return additional info' }),
  9: msg({ id: 'booking.step_return_summary', message: 'Return summary' }),
}

/** Over the user's limit on route measurements (429): the route, the price and the save say to wait. */
export const tooManyRequestsText = msg({
  id: 'booking.too_many_requests',
  message: 'Too many requests in a short time. Wait a moment and try again.',
})
