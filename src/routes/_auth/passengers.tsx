import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { Temporal } from 'temporal-polyfill'
import { usePassengers, useTrips } from '../../app/data/data'
import { useEnvironment } from '../../app/environment'
import type { Passenger } from '../../contract/passenger'
import { nextTripByPassenger } from '../../domain/nextTrip'
import { AddPassengerDialog } from '../../components/passengers/AddPassengerDialog'
import { EditInitialsDialog } from '../../components/passengers/EditInitialsDialog'
import { PassengerItem } from '../../components/passengers/PassengerItem'
import { screenTitles } from '../../components/screenTitles'
import { Button } from '../../components/ui/Button'
import { PlusIcon } from '../../components/ui/icons'
import { Page } from '../../components/ui/Page'
import { LoadingBlock } from '../../components/ui/Spinner'
import { NoPassengers } from '../../components/passengers/NoPassengers'

export const Route = createFileRoute('/_auth/passengers')({ component: PassengersScreen })

/** The user's passengers with each one's next trip; edit initials and add a passenger with an access code. */
function PassengersScreen() {
  const { t } = useLingui()
  const { timeZone } = useEnvironment()
  const passengers = usePassengers()
  const trips = useTrips()
  const [editing, setEditing] = useState<Passenger | null>(null)
  const [adding, setAdding] = useState(false)
  const nextTrips = useMemo(() => trips && nextTripByPassenger(trips, Temporal.Now.instant()), [trips])

  return (
    <Page
      title={t(screenTitles.passengers)}
      actions={
        <Button onClick={() => setAdding(true)}>
          <PlusIcon />
          <Trans id="passenger.add_title">Add passenger</Trans>
        </Button>
      }
    >
      {passengers === undefined ? (
        <LoadingBlock />
      ) : passengers.length === 0 ? (
        <NoPassengers />
      ) : (
        <ul className="flex flex-col gap-3">
          {passengers.map((passenger) => (
            <PassengerItem
              key={passenger.id}
              passenger={passenger}
              nextTrip={nextTrips ? (nextTrips.get(passenger.id) ?? null) : undefined}
              timeZone={timeZone}
              onEdit={() => setEditing(passenger)}
            />
          ))}
        </ul>
      )}
      <EditInitialsDialog passenger={editing} onClose={() => setEditing(null)} />
      <AddPassengerDialog open={adding} onOpenChange={setAdding} />
    </Page>
  )
}
