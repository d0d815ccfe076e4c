import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Place } from '../../contract/passenger'
import type { BookingOrder } from '../../domain/booking/order'
import { placeWords } from '../../domain/booking/places'
import { timeFieldText, tripDay } from '../../domain/booking/time'
import { wizardDate } from '../../domain/dateDisplay'
import { EmptyValue } from '../ui/EmptyValue'

/** The order in words, as the summaries (steps 6 and 9) show it before it is saved. */
export function OrderSummary({ order }: { order: BookingOrder }) {
  const extras = order.quota?.extras.filter((extra) => extra.selected) ?? []
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-xl bg-surface p-4 shadow-sm sm:grid-cols-[auto_1fr]">
      <Row label={<Trans id="booking.summary_passenger">Passenger</Trans>}>{order.passenger?.name}</Row>
      <Row label={<Trans id="booking.summary_date">Date</Trans>}>{tripDate(order)}</Row>
      <Row
        label={
          order.isDepartureTime ? (
            <Trans id="booking.summary_departure">Departure time</Trans>
          ) : (
            <Trans id="booking.summary_arrival">Arrival time</Trans>
          )
        }
      >
        {order.time === null ? null : timeFieldText(order.time)}
      </Row>
      <Row label={<Trans id="booking.summary_from">From</Trans>}>
        <PlaceText place={order.fromAddress} apartment={order.fromApartment} />
      </Row>
      {order.viaPoints.map((via, index) => {
        const number = index + 1
        const wait = via.waitTime
        return (
          <Row key={index} label={<Trans id="booking.summary_via_point">Via point {number}</Trans>}>
            <PlaceText place={via.viaPointAddress} apartment={via.viaPointApartment} />
            <span className="block">
              <Trans id="booking.summary_wait">Wait {wait} min</Trans>
            </span>
          </Row>
        )
      })}
      <Row label={<Trans id="booking.summary_to">To</Trans>}>
        <PlaceText place={order.toAddress} apartment={order.toApartment} />
      </Row>
      <Row label={<Trans id="booking.summary_quota">Transportation permission</Trans>}>
        {order.quota?.name}
      </Row>
      <Row label={<Trans id="booking.summary_passenger_count">Passengers</Trans>}>{order.passengerCount}</Row>
      <Row label={<Trans id="booking.summary_attendant">Attendant</Trans>}>
        {order.withAttendant ? (
          <Trans id="booking.summary_yes">Yes</Trans>
        ) : (
          <Trans id="booking.summary_no">No</Trans>
        )}
      </Row>
      {order.quota?.extras.length ? (
        <Row label={<Trans id="booking.summary_extras">Extras</Trans>}>
          {extras.length ? extras.map((extra) => extra.name).join(', ') : null}
        </Row>
      ) : null}
      <Row label={<Trans id="booking.summary_phone">Phone number</Trans>}>{order.phone.trim() || null}</Row>
      <Row label={<Trans id="booking.summary_info">Additional information</Trans>}>
        {order.additionalInfo.trim() ? (
          <span className="whitespace-pre-line">{order.additionalInfo.trim()}</span>
        ) : null}
      </Row>
    </dl>
  )
}

/** The trip's date, DD.MM.YYYY: a time past midnight (1440 and above) is on the next day. */
function tripDate(order: BookingOrder): string | null {
  return order.date === null ? null : wizardDate(tripDay(order.date, order.time))
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd className="min-w-0 break-words">{children ?? <EmptyValue />}</dd>
    </>
  )
}

function PlaceText({ place, apartment }: { place: Place | null; apartment: string }) {
  if (!place) return <EmptyValue />
  const flat = apartment.trim()
  // The street under the alias: "Koti" alone does not say which door the car comes to.
  const { name, street } = placeWords(place)
  return (
    <>
      <span className="block">{name}</span>
      {street ? <span className="block text-muted">{street}</span> : null}
      {flat ? (
        <span className="block">
          <Trans id="booking.summary_apartment">Apartment {flat}</Trans>
        </span>
      ) : null}
    </>
  )
}
