import { Trans } from '@lingui/react/macro'
import type { Passenger } from '../../contract/passenger'
import type { PassengerBooking } from '../../domain/booking/awaiting'
import { clockTime } from '../../domain/dateDisplay'
import { CancelIcon } from '../ui/icons'
import { ClockIcon } from '../ui/featureIcons'

/**
 * The day's bookings made in the portal that are not trips (the spec lists only approved trips), as
 * the server lists them to every device: each marked awaiting the transport service's approval, or refused with
 * its reason. Apart from the trips, so that none reads as a confirmed one.
 */
export function DayBookings({
  bookings,
  passengers,
  timeZone,
}: {
  bookings: readonly PassengerBooking[]
  passengers: readonly Passenger[]
  timeZone: string
}) {
  if (bookings.length === 0) return null
  const names = new Map(passengers.map((passenger) => [passenger.id, passenger.name]))
  return (
    <section aria-labelledby="day-bookings" className="mb-4 flex flex-col gap-3">
      <h2 id="day-bookings" className="text-lg font-semibold">
        <Trans id="trips.bookings_title">Bookings made in the portal</Trans>
      </h2>
      <ul className="flex flex-col gap-3">
        {bookings.map((booking) => {
          const start = clockTime(booking.startDateTime, timeZone)
          const end = clockTime(booking.endDateTime, timeZone)
          const from = booking.startAddress.alias ?? booking.startAddress.address
          const to = booking.endAddress.alias ?? booking.endAddress.address
          const reason = booking.refusalReason
          return (
            <li
              key={`${booking.tripId}/${booking.date}`}
              className="flex flex-col gap-1 rounded-xl border-2 border-dashed border-muted bg-surface p-4"
            >
              {booking.approval === 'awaiting' ? (
                <span className="flex flex-wrap items-center gap-2 font-semibold">
                  <ClockIcon />
                  <Trans id="trips.awaiting_mark">Awaiting the transport service&apos;s approval</Trans>
                </span>
              ) : (
                <span className="flex flex-wrap items-center gap-2 font-semibold">
                  <CancelIcon />
                  <Trans id="trips.refused_mark">Refused by the transport service</Trans>
                </span>
              )}
              {reason ? (
                <span>
                  <Trans id="trips.refused_reason">Reason: {reason}</Trans>
                </span>
              ) : null}
              <span>{names.get(booking.passengerId)}</span>
              <span>
                <Trans id="trips.booking_route">
                  {start}–{end}: {from} → {to}
                </Trans>
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
