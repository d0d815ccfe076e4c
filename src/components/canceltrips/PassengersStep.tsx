import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { Avatar } from '../ui/Avatar'
import { LoadingBlock } from '../ui/Spinner'
import { CheckOption, GroupError } from './CheckOption'
import type { StepProps } from './stepProps'
import { WizardStep } from './WizardStep'
import { NoPassengersAlert } from '../passengers/NoPassengers'
import { Fieldset } from '../ui/Fieldset'

/** Step 2: whose trips to cancel (skipped when there is only one passenger). */
export function PassengersStep(props: StepProps) {
  const { snapshot, send } = props
  const { t } = useLingui()
  const errorId = useId()
  const { passengers, passengerIds, showErrors } = snapshot.context
  const error =
    showErrors && passengerIds.length === 0
      ? t({ id: 'canceltrips.error_choose_passenger', message: 'Choose at least one passenger' })
      : null

  return (
    <WizardStep {...props} step="passengers" back forward="wizard.next">
      {passengers === null ? (
        <LoadingBlock />
      ) : passengers.length === 0 ? (
        <NoPassengersAlert />
      ) : (
        <Fieldset
          gap="gap-3"
          legend={<Trans id="canceltrips.passengers_legend">Whose trips do you want to cancel?</Trans>}
        >
          <GroupError id={errorId} text={error} />
          {passengers.map((passenger) => (
            <CheckOption
              key={passenger.id}
              checked={passengerIds.includes(passenger.id)}
              onToggle={() => send({ type: 'passenger.toggle', passengerId: passenger.id })}
              errorId={error ? errorId : null}
            >
              <span className="flex items-center gap-3">
                <Avatar passengerId={passenger.id} text={passenger.avatarText} />
                <span className="min-w-0 text-lg font-semibold">{passenger.name}</span>
              </span>
            </CheckOption>
          ))}
        </Fieldset>
      )}
    </WizardStep>
  )
}
