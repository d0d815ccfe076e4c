import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { cancelCommand } from '../../commands/cancel'
import type { CancelReasonCode } from '../../contract/codes'
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
  codesLegend: msg({ id: 'trips.cancel_reason_codes', message: 'Why are you cancelling?' }),
  /** The free text's label once a code says enough by itself. */
  optionalText: msg({ id: 'trips.cancel_reason_optional', message: 'More about the reason (optional)' }),
}

/** The one-tap reasons, in the contract's order; each code's words are also the reason sent when no text is. */
export const cancelReasonCodeTexts: Record<CancelReasonCode, MessageDescriptor> = {
  sick: msg({ id: 'trips.cancel_reason_code.sick', message: 'Ill' }),
  otherTransport: msg({ id: 'trips.cancel_reason_code.otherTransport', message: 'Travelling another way' }),
  holiday: msg({ id: 'trips.cancel_reason_code.holiday', message: 'Holiday or day off' }),
  other: msg({ id: 'trips.cancel_reason_code.other', message: 'Other reason (write it below)' }),
}
