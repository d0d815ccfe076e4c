import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Place } from '../../../contract/passenger'
import { timeFieldText, tripDay } from '../../../domain/booking/time'
import { wizardDate } from '../../../domain/dateDisplay'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import type { StepProps } from '../stepProps'

const placeName = (place: Place | null) => (place ? (place.alias ?? place.display) : null)

/**
 * What the booking holds, above a step where it is not in sight: a draft resumed at a later step (passenger,
 * date, from and to, with Start over), or at the date step a route being booked again.
 */
export function OrderHeld({ snapshot, send, resumed }: StepProps & { resumed: boolean }) {
  const { order, again } = snapshot.context
  const from = placeName(order.fromAddress)
  const to = placeName(order.toAddress)
  const time = order.time === null ? null : timeFieldText(order.time)
  const route =
    from && to ? (
      <Trans id="booking_again.held_route">
        {from} to {to}
      </Trans>
    ) : null
  if (!resumed) {
    const returnTime = again?.returnTime == null ? null : timeFieldText(again.returnTime)
    return (
      <Alert severity="info" title={<Trans id="booking_again.again_title">Booking a route again</Trans>}>
        <Held label={<Trans id="booking.summary_passenger">Passenger</Trans>}>{order.passenger?.name}</Held>
        <Held label={<Trans id="booking_again.held_route_label">Route</Trans>}>
          {route} {time}
          {returnTime ? <Trans id="booking_again.route_return">, return {returnTime}</Trans> : null}
        </Held>
        <p className="mt-2">
          <Trans id="booking_again.again_hint">Choose the date: the summary comes next.</Trans>
        </p>
      </Alert>
    )
  }
  const date = order.date === null ? null : wizardDate(tripDay(order.date, order.time))
  return (
    <Alert severity="info" title={<Trans id="booking_again.resumed_title">Continuing your booking</Trans>}>
      <Held label={<Trans id="booking.summary_passenger">Passenger</Trans>}>{order.passenger?.name}</Held>
      <Held label={<Trans id="booking.summary_date">Date</Trans>}>{date}</Held>
      {route ? <Held label={<Trans id="booking_again.held_route_label">Route</Trans>}>{route}</Held> : null}
      <Button variant="secondary" className="mt-2" onClick={() => send({ type: 'wizard.reset' })}>
        <Trans id="booking.reset">Start over</Trans>
      </Button>
    </Alert>
  )
}

function Held({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <p>
      <span className="font-semibold">{label}:</span> {children}
    </p>
  )
}
