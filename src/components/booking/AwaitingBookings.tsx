import { Trans } from '@lingui/react/macro'
import type { Trip } from '../../contract/trip'
import { useAwaitingBookings } from '../../app/data/awaitingBookings'
import { stillAwaiting } from '../../domain/booking/awaiting'
import { ClockIcon } from '../ui/featureIcons'

/**
 * The day's bookings this device made that await the transport service's approval (issue 37; the spec lists
 * only approved trips): marked so, above the day's trips, until the trip itself is pulled.
 */
export function AwaitingBookings(props: {
  date: string
  today: string
  passengerId: string | undefined
  trips: readonly Pick<Trip, 'id' | 'date'>[]
}) {
  const bookings = useAwaitingBookings()
  const shown = stillAwaiting(bookings ?? [], props.trips, props.today).filter(
    ({ date, passengerId }) =>
      date === props.date && (props.passengerId === undefined || passengerId === props.passengerId),
  )
  if (shown.length === 0) return null
  return (
    <section aria-labelledby="awaiting-bookings" className="mb-4 flex flex-col gap-3">
      <h2 id="awaiting-bookings" className="text-lg font-semibold">
        <Trans id="trips.awaiting_title">Awaiting approval</Trans>
      </h2>
      <ul className="flex flex-col gap-3">
        {shown.map((booking) => {
          const { time, from, to } = booking
          return (
            <li
              key={`${booking.tripId}/${booking.date}`}
              className="flex flex-col gap-1 rounded-xl border-2 border-dashed border-muted bg-surface p-4"
            >
              <span className="flex flex-wrap items-center gap-2 font-semibold">
                <ClockIcon />
                <Trans id="trips.awaiting_mark">Awaiting the transport service&apos;s approval</Trans>
              </span>
              <span>{booking.passengerName}</span>
              <span>
                {booking.arrival ? (
                  <Trans id="trips.awaiting_arrival">
                    Arrive {time}: {from} → {to}
                  </Trans>
                ) : (
                  <Trans id="trips.awaiting_departure">
                    Leave {time}: {from} → {to}
                  </Trans>
                )}
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
