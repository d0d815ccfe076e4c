import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SendProblem } from '../../domain/messages/rules'

/** The send form's problems (spec section 5), by the rules' codes. */
export const sendProblemTexts: Record<SendProblem, MessageDescriptor> = {
  contentRequired: msg({ id: 'error.must_not_be_empty', message: 'Must not be empty' }),
  contentTooLong: msg({ id: 'messages.error_too_long', message: 'The message is too long.' }),
  passengerRequired: msg({ id: 'messages.error_passenger_required', message: 'Choose a passenger' }),
}
