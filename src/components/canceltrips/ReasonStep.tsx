import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { isValidCancelReason } from '../../domain/trips/cancellation'
import { cancelReasonMaxLength } from '../../contract/codes'
import { formErrorMessages } from '../forms/formErrorMessages'
import { alertTones } from '../ui/classes'
import { TextArea } from '../ui/TextArea'
import type { StepProps } from './stepProps'
import { FrameText } from './TripsStep'
import { WizardStep } from './WizardStep'

/** Step 4: one reason for all the chosen trips, required and not blank, with the personal data warning. */
export function ReasonStep(props: StepProps) {
  const { snapshot, send } = props
  const { t } = useLingui()
  const { chosen, reason, showErrors } = snapshot.context
  const count = chosen.length
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
      <TextArea
        required
        label={<Trans id="canceltrips.reason">Reason for cancellation</Trans>}
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
        error={showErrors && !isValidCancelReason(reason) ? t(formErrorMessages.Required) : null}
      />
    </WizardStep>
  )
}
