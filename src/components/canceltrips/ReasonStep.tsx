import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { isCompleteCancelReason } from '../../domain/trips/cancelReason'
import { reasonChoice } from '../../../machines/cancelTrips/cancelTrips.machine'
import { cancelReasonMaxLength } from '../../contract/codes'
import { formErrorMessages } from '../forms/formErrorMessages'
import { alertTones } from '../ui/classes'
import { TextArea } from '../ui/TextArea'
import { CancelReasonCodes } from '../trips/CancelReasonCodes'
import { cancelReasonTexts } from '../trips/cancelReasonTexts'
import type { StepProps } from './stepProps'
import { FrameText } from './TripsStep'
import { WizardStep } from './WizardStep'

/**
 * Step 4: one reason for all the chosen trips, with the personal data warning: a one-tap code, or for 'other'
 * (or no code) a text that is not blank.
 */
export function ReasonStep(props: StepProps) {
  const { snapshot, send } = props
  const { t } = useLingui()
  const { chosen, reason, reasonCode, showErrors } = snapshot.context
  const count = chosen.length
  // A code other than 'other' is the reason by itself; the text then only adds to it.
  const textNeeded = reasonCode === null || reasonCode === 'other'
  return (
    <WizardStep {...props} step="reason" back forward="wizard.send">
      <FrameText snapshot={snapshot} />
      <p className="font-semibold">
        <Plural
          id="canceltrips.chosen_count"
          value={count}
          one="You are cancelling # trip."
          other="You are cancelling # trips."
        />
      </p>
      <CancelReasonCodes
        name="canceltrips-reason-code"
        value={reasonCode}
        onChoose={(code, words) => send({ type: 'reason.code', code, words })}
      />
      <TextArea
        required={textNeeded}
        label={
          textNeeded ? (
            <Trans id="canceltrips.reason">Reason for cancellation</Trans>
          ) : (
            t(cancelReasonTexts.optionalText)
          )
        }
        description={
          <span
            className={`block rounded-lg border-l-4 px-3 py-2 text-base font-normal ${alertTones.warning}`}
          >
            <Trans id="canceltrips.reason_warning">
              Do not enter personal or health information, such as an illness, in the reason.
            </Trans>
          </span>
        }
        maxLength={cancelReasonMaxLength}
        value={reason}
        onChange={(event) => send({ type: 'reason.change', value: event.target.value })}
        error={
          showErrors && !isCompleteCancelReason(reasonChoice(snapshot.context))
            ? t(formErrorMessages.Required)
            : null
        }
      />
    </WizardStep>
  )
}
