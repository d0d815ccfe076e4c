import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useTrips } from '../../app/data/data'
import { overlappingTrips } from '../../domain/booking/overlap'
import type { BookingOrder } from '../../domain/booking/order'
import { bookingInstant } from '../../domain/booking/time'
import { clockTime } from '../../domain/dateDisplay'
import { Alert } from '../ui/Alert'

/**
 * The passenger already has a trip at the booking's time (src/domain/booking/overlap.ts): a warning with that
 * trip, never a block, since a second ride may be meant.
 */
export function OverlapWarning({ order, timeZone }: { order: BookingOrder; timeZone: string }) {
  const passengerId = order.passenger?.id ?? ''
  const trips = useTrips({ passengerId })
  if (!trips || !passengerId || order.date === null || order.time === null) return null
  const at = bookingInstant(order.date, order.time, timeZone)
  const overlapping = overlappingTrips(trips, passengerId, at)
  if (overlapping.length === 0) return null
  const name = order.passenger!.name
  return (
    <Alert
      severity="warning"
      title={<Trans id="booking.overlap_title">{name} already has a trip at this time</Trans>}
    >
      <ul className="flex flex-col gap-1">
        {overlapping.map((trip) => {
          const from = trip.startAddress.alias ?? trip.startAddress.address
          const to = trip.endAddress.alias ?? trip.endAddress.address
          const start = clockTime(trip.startDateTime, timeZone)
          const end = clockTime(trip.endDateTime, timeZone)
          return (
            <li key={`${trip.id}/${trip.date}`}>
              <Link to="/trips/$id/$date" params={{ id: trip.id, date: trip.date }} className="underline">
                <Trans id="booking.overlap_trip">
                  {start}–{end}, {from} to {to}
                </Trans>
              </Link>
            </li>
          )
        })}
      </ul>
      <p className="mt-2">
        <Trans id="booking.overlap_hint">You can still book this trip, if both are meant.</Trans>
      </p>
    </Alert>
  )
}
