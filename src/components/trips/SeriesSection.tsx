import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Trip } from '../../contract/trip'
import { clockTime, wizardDate } from '../../domain/dateDisplay'
import { SeriesMark } from './SeriesMark'
import { TripSection } from './TripSection'

/**
 * A series trip's standing order on its detail: its mark and the series' dates this device has, each
 * a link to its trip (the one shown is marked current), cancelled ones said so. Later dates come with the pull
 * two weeks ahead.
 */
export function SeriesSection({
  trip,
  trips,
  timeZone,
}: {
  trip: Trip
  trips: readonly Trip[]
  timeZone: string
}) {
  if (!trip.series) return null
  return (
    <TripSection title={<Trans id="trips.series">Standing order</Trans>}>
      <SeriesMark series={trip.series} />
      <details className="mt-3">
        <summary className="flex min-h-target cursor-pointer items-center font-semibold">
          <Trans id="trips.series_dates">Dates of the series</Trans>
        </summary>
        <ul className="mt-2 flex flex-col gap-1">
          {trips.map((other) => (
            <li key={`${other.id}/${other.date}`}>
              <Link
                to="/trips/$id/$date"
                params={{ id: other.id, date: other.date }}
                className="link inline-flex min-h-target items-center gap-2"
                aria-current={other.id === trip.id ? 'page' : undefined}
              >
                <span className="tabular-nums">
                  {wizardDate(other.date)} {clockTime(other.startDateTime, timeZone)}
                </span>
                {other.cancelledAt ? (
                  <span className="text-muted">
                    <Trans id="trips.series_date_cancelled">cancelled</Trans>
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-muted">
          <Trans id="trips.series_dates_later">Later dates show here two weeks before they come.</Trans>
        </p>
      </details>
    </TripSection>
  )
}
