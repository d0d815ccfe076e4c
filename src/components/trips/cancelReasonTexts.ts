import { msg } from '@lingui/core/macro'
import { cancelCommand } from '../../commands/cancel'
import { formErrorMessages } from '../forms/formErrorMessages'

/** The cancellation reason field's texts (spec section 5), shared by the trip detail and the cancel wizard. */
export const cancelReasonTexts = {
  label: msg({ id: 'trips.cancel_reason', message: 'Reason for cancellation' }),
  warning: msg({
    id: 'trips.cancel_reason_warning',
    message: 'Do not write personal or health information in the reason.',
  }),
  required: formErrorMessages.Required,
  failed: cancelCommand.rejection.title,
}
