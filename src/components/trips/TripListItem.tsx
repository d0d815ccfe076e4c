import { Link } from '@tanstack/react-router'
import { commandView, type TripCommands } from '../../commands/tripView'
import type { Trip } from '../../contract/trip'
import { TripSummary } from './TripSummary'

/**
 * A trip of the list as a link to its detail, with its cancellation shown as pending or refused. The list
 * reads the outbox once for all its trips (`tripCommandsOf`).
 */
export function TripListItem(props: { trip: Trip; timeZone: string; commands: TripCommands }) {
  const { trip, timeZone } = props
  const cancel = commandView(trip, props.commands.cancel)
  return (
    <li>
      <Link
        to="/trips/$id/$date"
        params={{ id: trip.id, date: trip.date }}
        className="block rounded-xl bg-surface p-4 no-underline shadow-sm ring-muted/40 hover:ring-2"
      >
        <TripSummary
          trip={trip}
          timeZone={timeZone}
          pending={cancel?.kind === 'pending' ? 'cancel' : null}
          cancelRejection={cancel?.kind === 'rejected' ? cancel.error : null}
        />
      </Link>
    </li>
  )
}
