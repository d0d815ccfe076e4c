import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { CommandError } from '../../commands/definition'
import { commandErrorMessage } from '../../commands/rejections'
import type { Trip, TripAddress } from '../../contract/trip'
import { clockTime } from '../../domain/dateDisplay'
import { Avatar } from '../ui/Avatar'
import { AlertIcon, CarIcon } from '../ui/featureIcons'
import { SeriesMark } from './SeriesMark'
import { TripChip } from './TripChip'
import { placeLabel } from './tripFormat'

export interface TripSummaryProps {
  trip: Trip
  timeZone: string
  /** A cancellation waiting in the outbox. */
  pending?: 'cancel' | null
  /** Why the last cancellation was refused, until the user dismisses it. */
  cancelRejection?: CommandError | null
}

/**
 * One trip in a list: initials, start time, passenger, car, the route with via points and waits, and the
 * status chip. Only phrasing content and no controls, so it fits inside a link or a checkbox label.
 */
export function TripSummary({ trip, timeZone, pending = null, cancelRejection = null }: TripSummaryProps) {
  const { t } = useLingui()
  return (
    // At large text on a phone (see Page) the initials stand above the trip rather than beside it, whose title and
    // status chip then have the card's width for their words.
    <span className="flex items-start gap-3 max-[18rem]:flex-col">
      <Avatar passengerId={trip.passenger.id} text={trip.passenger.avatarText} />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <span className="whole-words text-lg font-semibold">
            <time dateTime={trip.startDateTime}>{clockTime(trip.startDateTime, timeZone)}</time>{' '}
            <span className="font-normal">{trip.passenger.name}</span>
          </span>
          <TripChip trip={trip} pending={pending} />
        </span>
        {trip.carName ? (
          <span className="flex items-center gap-1 text-muted [&_svg]:size-5">
            <CarIcon />
            <span className="sr-only">
              <Trans id="trips.car">Car</Trans>:{' '}
            </span>
            {trip.carName}
          </span>
        ) : null}
        {trip.series ? <SeriesMark series={trip.series} /> : null}
        <span className="flex flex-col">
          <RouteStop kind="start" place={trip.startAddress} />
          {trip.viaPoints.map((via, index) => (
            <RouteStop key={index} kind="via" place={via.viaPointAddress}>
              {' '}
              <span className="text-muted">
                (
                <Plural
                  id="trips.wait_minutes"
                  value={via.waitTime}
                  one="wait # minute"
                  other="wait # minutes"
                />
                )
              </span>
            </RouteStop>
          ))}
          <RouteStop kind="end" place={trip.endAddress} />
        </span>
        {cancelRejection ? (
          <span className="flex items-start gap-1 font-semibold text-error [&_svg]:mt-0.5 [&_svg]:size-5 [&_svg]:shrink-0">
            <AlertIcon />
            <span>
              <Trans id="trips.cancellation_failed">Cancellation failed:</Trans>{' '}
              {t(commandErrorMessage(cancelRejection))}
            </span>
          </span>
        ) : null}
      </span>
    </span>
  )
}

/** A place on the route, with a spoken From / Via / To and a drawn dot for the eye. */
function RouteStop({
  kind,
  place,
  children,
}: {
  kind: 'start' | 'via' | 'end'
  place: TripAddress
  children?: ReactNode
}) {
  return (
    <span className="flex items-baseline gap-2">
      <span
        aria-hidden="true"
        className={`inline-block size-2.5 shrink-0 rounded-full ${kind === 'via' ? 'border-2 border-muted bg-surface' : 'bg-muted'}`}
      />
      <span className="min-w-0 break-words">
        <span className="sr-only">
          {kind === 'start' ? (
            <Trans id="trips.from">From</Trans>
          ) : kind === 'via' ? (
            <Trans id="trips.via">Via</Trans>
          ) : (
            <Trans id="trips.to">To</Trans>
          )}
          :{' '}
        </span>
        {placeLabel(place)}
        {children}
      </span>
    </span>
  )
}
