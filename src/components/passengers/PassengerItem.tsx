import { Trans } from '@lingui/react/macro'
import type { Passenger } from '../../contract/passenger'
import type { Trip } from '../../contract/trip'
import { clockTime, instantDate } from '../../domain/dateDisplay'
import { Avatar } from '../ui/Avatar'
import { Button } from '../ui/Button'
import { EditIcon } from '../ui/featureIcons'

export interface PassengerItemProps {
  passenger: Passenger
  /** The next trip; null when there is none, undefined while trips load. */
  nextTrip: Trip | null | undefined
  timeZone: string
  onEdit(): void
}

function NextTrip({ trip, timeZone }: { trip: Trip | null | undefined; timeZone: string }) {
  if (trip === undefined) return null
  if (trip === null) {
    return (
      <p className="text-muted">
        <Trans id="passenger.no_next_trip">No upcoming trips</Trans>
      </p>
    )
  }
  const date = instantDate(trip.startDateTime, timeZone)
  const time = clockTime(trip.startDateTime, timeZone)
  return (
    <p className="text-muted">
      <Trans id="passenger.next_trip">
        Next trip:{' '}
        <time dateTime={trip.startDateTime}>
          {date} at {time}
        </time>
      </Trans>
    </p>
  )
}

/** A passenger in the list: initials, name, next trip and the edit button. */
export function PassengerItem({ passenger, nextTrip, timeZone, onEdit }: PassengerItemProps) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl bg-surface p-4 shadow-sm">
      <Avatar passengerId={passenger.id} text={passenger.avatarText} />
      <div className="min-w-0 flex-1 basis-40">
        <h2 className="whole-words text-lg font-semibold">{passenger.name}</h2>
        <NextTrip trip={nextTrip} timeZone={timeZone} />
      </div>
      <Button variant="secondary" className="ml-auto" onClick={onEdit}>
        <EditIcon />
        <Trans id="passenger.edit">Edit initials</Trans>
        <span className="sr-only">: {passenger.name}</span>
      </Button>
    </li>
  )
}
