import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Trip, ViaPoint } from '../../contract/trip'
import { clockTime, instantDate } from '../../domain/dateDisplay'
import type { StopAddress, TripStops } from '../../domain/tracking/mapPlaces'
import { Alert } from '../ui/Alert'
import { Avatar } from '../ui/Avatar'
import { EmptyValue } from '../ui/EmptyValue'
import { PhoneLink } from '../ui/PhoneLink'
import { formatEuros, placeLabel } from './tripFormat'
import { TripChip } from './TripChip'
import { DetailList, TripSection } from './TripSection'
import { TripTimes } from './TripTimes'

export interface TripDetailsProps {
  trip: Trip
  timeZone: string
  locale: string
  pendingCancel: boolean
}

/** The passenger of a trip, with its date and status chip. */
export function TripHeader({
  id,
  trip,
  timeZone,
  pendingCancel,
}: Omit<TripDetailsProps, 'locale'> & { id?: string }) {
  return (
    <div
      id={id}
      tabIndex={id ? -1 : undefined}
      className="flex flex-wrap items-center gap-3 rounded-xl bg-surface p-4"
    >
      <Avatar passengerId={trip.passenger.id} text={trip.passenger.avatarText} />
      <div className="min-w-0 flex-1 basis-48">
        <h2 className="text-lg font-semibold">{trip.passenger.name}</h2>
        <TripTimes trip={trip} timeZone={timeZone} />
      </div>
      <TripChip trip={trip} pending={pendingCancel ? 'cancel' : null} />
    </div>
  )
}

/** When and why the trip was cancelled (spec: the cancellation alert). */
export function CancellationAlert({ trip, timeZone }: { trip: Trip; timeZone: string }) {
  if (!trip.cancelledAt) return null
  const date = instantDate(trip.cancelledAt, timeZone)
  const time = clockTime(trip.cancelledAt, timeZone)
  const reason = trip.cancelReason
  return (
    <Alert severity="error" title={<Trans id="trips.cancelled_title">The trip has been cancelled</Trans>}>
      <p>
        <Trans id="trips.cancelled_at">
          Cancelled on {date} at {time}
        </Trans>
      </p>
      {reason ? (
        <p className="break-words">
          <Trans id="trips.cancelled_reason">Reason: {reason}</Trans>
        </p>
      ) : null}
    </Alert>
  )
}

/** The stops of a trip with their times and waits: what the detail and a tracking link both show. */
export type RouteFields = Pick<Trip, 'startDateTime' | 'endDateTime'> &
  Omit<TripStops, 'viaPoints'> & {
    viaPoints: readonly (TripStops['viaPoints'][number] & Pick<ViaPoint, 'time' | 'waitTime'>)[]
  }

export function RouteSection({ trip, timeZone }: { trip: RouteFields; timeZone: string }) {
  const { t } = useLingui()
  const time = (instant: string | null) =>
    instant ? <time dateTime={instant}>{clockTime(instant, timeZone)}</time> : null
  return (
    <TripSection title={<Trans id="trips.route">Route</Trans>}>
      <ol className="flex flex-col gap-3">
        <Stop
          label={t({ id: 'trips.from', message: 'From' })}
          place={trip.startAddress}
          time={time(trip.startDateTime)}
        />
        {trip.viaPoints.map((via, index) => (
          <Stop
            key={index}
            label={t({ id: 'trips.via', message: 'Via' })}
            place={via.viaPointAddress}
            time={time(via.time)}
          >
            <Plural id="trips.wait_minutes" value={via.waitTime} one="wait # minute" other="wait # minutes" />
          </Stop>
        ))}
        <Stop
          label={t({ id: 'trips.to', message: 'To' })}
          place={trip.endAddress}
          time={time(trip.endDateTime)}
        />
      </ol>
    </TripSection>
  )
}

/** The car and its registration number, and on the detail the driver's contact (`children`). */
export function CarSection({
  trip,
  title,
  children,
}: {
  trip: Pick<Trip, 'carName' | 'carRegisterNumber'>
  title: ReactNode
  children?: ReactNode
}) {
  return (
    <TripSection title={title}>
      <DetailList>
        <Item label={<Trans id="trips.car">Car</Trans>} value={trip.carName} />
        <Item
          label={<Trans id="trips.register_number">Registration number</Trans>}
          value={trip.carRegisterNumber}
        />
        {children}
      </DetailList>
    </TripSection>
  )
}

/** The route with times and waits, the car and driver, the deductible and the note. */
export function TripDetails({ trip, timeZone, locale }: Omit<TripDetailsProps, 'pendingCancel'>) {
  return (
    <>
      <RouteSection trip={trip} timeZone={timeZone} />
      <CarSection trip={trip} title={<Trans id="trips.car_and_driver">Car and driver</Trans>}>
        <Item
          label={<Trans id="trips.phone">Phone</Trans>}
          value={trip.carPhoneNumber ? <PhoneLink phone={trip.carPhoneNumber} /> : null}
        />
        <Item label={<Trans id="trips.driver">Driver</Trans>} value={trip.driverName} />
      </CarSection>
      <TripSection title={<Trans id="trips.information">Information</Trans>}>
        <DetailList>
          <Item
            label={<Trans id="trips.deductible">Deductible</Trans>}
            value={trip.deductible === null ? null : formatEuros(trip.deductible, locale)}
          />
          <Item label={<Trans id="trips.note">Note</Trans>} value={trip.note} />
        </DetailList>
      </TripSection>
    </>
  )
}

function Item({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd className="break-words whitespace-pre-line">{value || <EmptyValue />}</dd>
    </>
  )
}

function Stop(props: { label: string; place: StopAddress; time: ReactNode; children?: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="w-14 shrink-0 font-semibold tabular-nums">{props.time ?? <EmptyValue />}</span>
      <span className="min-w-0">
        <span className="block text-sm text-muted">{props.label}</span>
        <span className="block break-words">{placeLabel(props.place)}</span>
        {props.children ? <span className="block text-muted">{props.children}</span> : null}
      </span>
    </li>
  )
}
