import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { Avatar } from '../ui/Avatar'
import { RadioOption } from './RadioOption'
import type { StepProps } from './stepProps'
import { NoPassengersAlert } from '../passengers/NoPassengers'
import { Fieldset } from '../ui/Fieldset'

/** Step 1: who travels (the first passenger is preselected; with exactly one the wizard starts at step 2). */
export function PassengerStep({ snapshot, send }: StepProps) {
  const name = useId()
  const { passengers, order } = snapshot.context
  if (!passengers?.length) {
    return <NoPassengersAlert />
  }
  return (
    <Fieldset gap="gap-3" legend={<Trans id="booking.passenger_legend">Who is travelling?</Trans>}>
      {passengers.map((passenger) => (
        <RadioOption
          key={passenger.id}
          name={name}
          checked={order.passenger?.id === passenger.id}
          onSelect={() => send({ type: 'passenger.select', passengerId: passenger.id })}
        >
          <span className="flex items-center gap-3">
            <Avatar passengerId={passenger.id} text={passenger.avatarText} />
            <span className="min-w-0 text-lg font-semibold">{passenger.name}</span>
          </span>
        </RadioOption>
      ))}
    </Fieldset>
  )
}
