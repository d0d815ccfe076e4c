import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useBookings, useTrips } from '../../app/data/data'
import { overlappingAwaiting, overlappingTrips } from '../../domain/booking/overlap'
import type { BookingOrder } from '../../domain/booking/order'
import { bookingInstant } from '../../domain/booking/time'
import { clockTime } from '../../domain/dateDisplay'
import type { TripAddress } from '../../contract/trip'
import { Alert } from '../ui/Alert'

/**
 * The passenger already has a trip, or a booking awaiting approval, at the booking's time
 * (src/domain/booking/overlap.ts): a warning with them, never a block, since a second ride may be meant.
 */
export function OverlapWarning({ order, timeZone }: { order: BookingOrder; timeZone: string }) {
  const passengerId = order.passenger?.id ?? ''
  const trips = useTrips({ passengerId })
  const bookings = useBookings({ passengerId })
  if (!trips || !passengerId || order.date === null || order.time === null) return null
  const at = bookingInstant(order.date, order.time, timeZone)
  const overlapping = overlappingTrips(trips, passengerId, at)
  const awaiting = overlappingAwaiting(bookings ?? [], passengerId, at)
  if (overlapping.length === 0 && awaiting.length === 0) return null
  const name = order.passenger!.name
  const span = (ride: {
    startDateTime: string
    endDateTime: string
    startAddress: TripAddress
    endAddress: TripAddress
  }) => ({
    from: ride.startAddress.alias ?? ride.startAddress.address,
    to: ride.endAddress.alias ?? ride.endAddress.address,
    start: clockTime(ride.startDateTime, timeZone),
    end: clockTime(ride.endDateTime, timeZone),
  })
  return (
    <Alert
      severity="warning"
      title={<Trans id="booking.overlap_title">{name} already has a trip at this time</Trans>}
    >
      <ul className="flex flex-col gap-1">
        {overlapping.map((trip) => {
          const { from, to, start, end } = span(trip)
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
        {awaiting.map((booking) => {
          const { from, to, start, end } = span(booking)
          // No link: a booking awaiting approval has no trip page yet.
          return (
            <li key={`${booking.tripId}/${booking.date}`}>
              <Trans id="booking.overlap_awaiting">
                {start}–{end}, {from} to {to}, awaiting the transport service&apos;s approval
              </Trans>
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
