import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useMemo, type ReactNode } from 'react'
import { useNow } from '../../app/browser/useNow'
import { useCommands } from '../../app/data/commands'
import { useBookings, usePassengers, useTrips } from '../../app/data/data'
import { useEnvironment } from '../../app/environment'
import { useLocale } from '../../app/locale'
import { useStartSnapshot } from '../../app/session/useStartSnapshot'
import { isUnsettled } from '../../commands/outboxCommand'
import { tripCommandsOf } from '../../commands/tripView'
import { screenTitles } from '../../components/screenTitles'
import { DayBookings } from '../../components/trips/DayBookings'
import { defaultTripDate, nextTripDate, tripDates } from '../../components/trips/tripDates'
import { NowMarker } from '../../components/trips/NowMarker'
import { TripDayNav } from '../../components/trips/TripDayNav'
import { TripListItem } from '../../components/trips/TripListItem'
import { validateTripsSearch, type TripsSearch } from '../../components/trips/tripsSearch'
import { ChoiceMenu } from '../../components/ui/ChoiceMenu'
import { buttonClasses } from '../../components/ui/classes'
import { UsersIcon } from '../../components/ui/icons'
import { Page } from '../../components/ui/Page'
import { LoadingBlock } from '../../components/ui/Spinner'
import { bookingsOnDay } from '../../domain/booking/awaiting'
import { shellDate } from '../../domain/dateDisplay'
import { nowInDay } from '../../domain/trips/now'

export const Route = createFileRoute('/_auth/trips/')({
  validateSearch: validateTripsSearch,
  component: TripsScreen,
})

const allPassengers = 'all'

/** The trips of one day (two weeks ahead are synced), for one passenger or all; the day and filter are in the URL. */
function TripsScreen() {
  const { t } = useLingui()
  const { timeZone } = useEnvironment()
  const { locale } = useLocale()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const passengers = usePassengers()
  const filtering = passengers !== undefined && passengers.length > 1
  const passengerId =
    filtering && passengers.some((passenger) => passenger.id === search.passenger)
      ? search.passenger
      : undefined
  const trips = useTrips(passengerId ? { passengerId } : {})
  const bookings = useBookings(passengerId ? { passengerId } : {})
  const commands = useCommands()
  // A minute's tick moves the "now" line past a trip that ends while the list is open.
  const now = useNow(60_000)
  const today = now.toZonedDateTimeISO(timeZone).toPlainDate().toString()
  // A day whose only entries are bookings not yet trips can be chosen too: another device finds them there.
  const dates = useMemo(() => tripDates([...(trips ?? []), ...(bookings ?? [])]), [trips, bookings])
  const date = search.date ?? defaultTripDate(dates, today)
  const dayTrips = useMemo(() => trips?.filter((trip) => trip.date === date), [trips, date])
  const dayBookings = useMemo(() => bookingsOnDay(bookings ?? [], date, today), [bookings, date, today])
  const next = nextTripDate(tripDates(trips ?? []), date)
  const nowPlace = useMemo(
    () => (dayTrips ? nowInDay(dayTrips, date, now.toZonedDateTimeISO(timeZone)) : null),
    [dayTrips, date, now, timeZone],
  )
  const shownDate = shellDate(date)
  // The next launch paints this screen before React has loaded: the day's default view, with no command that
  // is still to change a trip (no pending marks), stored anew after each render.
  useStartSnapshot(
    dayTrips !== undefined &&
      passengers !== undefined &&
      commands !== undefined &&
      !commands.some(isUnsettled) &&
      search.date === undefined &&
      search.passenger === undefined,
  )

  return (
    <Page
      title={
        passengers === undefined || trips === undefined
          ? t(screenTitles.trips)
          : t({ id: 'trips.title', message: `Trips ${shownDate}` })
      }
    >
      {passengers === undefined || dayTrips === undefined || commands === undefined ? (
        <LoadingBlock />
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <TripDayNav
              date={date}
              dates={dates}
              today={today}
              locale={locale}
              search={search}
              onSelect={(day) => void navigate({ search: (previous) => ({ ...previous, date: day }) })}
            />
            {filtering ? (
              <ChoiceMenu
                label={t({ id: 'trips.passenger_filter', message: 'Passenger' })}
                icon={<UsersIcon />}
                value={passengerId ?? allPassengers}
                choices={[
                  { value: allPassengers, label: t({ id: 'trips.all_passengers', message: 'All' }) },
                  ...passengers.map((passenger) => ({ value: passenger.id, label: passenger.name })),
                ]}
                onChange={(value) =>
                  void navigate({
                    search: (previous) => ({
                      ...previous,
                      passenger: value === allPassengers ? undefined : value,
                    }),
                  })
                }
              />
            ) : null}
          </div>
          <DayBookings bookings={dayBookings} passengers={passengers} timeZone={timeZone} />
          {dayTrips.length === 0 ? (
            <EmptyDay next={next} search={search} />
          ) : (
            <ul className="flex flex-col gap-3">
              {withNowMarker(
                dayTrips.map((trip) => (
                  <TripListItem
                    key={`${trip.id}/${trip.date}`}
                    trip={trip}
                    timeZone={timeZone}
                    commands={tripCommandsOf(commands, trip)}
                  />
                )),
                nowPlace && <NowMarker key="now" now={now} timeZone={timeZone} place={nowPlace} />,
                nowPlace?.before,
              )}
            </ul>
          )}
        </>
      )}
    </Page>
  )
}

/**
 * The day's items with the "now" line at its place. One keyed list, so that the line moves past a trip that
 * ends rather than being made anew (which would scroll to it again).
 */
function withNowMarker(items: ReactNode[], marker: ReactNode, before: number | undefined): ReactNode[] {
  return before === undefined ? items : [...items.slice(0, before), marker, ...items.slice(before)]
}

/** 'No trips' on the chosen day, with a link to the next day that has some. */
function EmptyDay({ next, search }: { next: string | null; search: TripsSearch }) {
  const date = next ? shellDate(next) : null
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl bg-surface p-4">
      <p className="font-semibold">
        <Trans id="trips.list_empty">No trips</Trans>
      </p>
      {next ? (
        <Link to="/trips" search={{ ...search, date: next }} className={buttonClasses('secondary')}>
          <Trans id="trips.next_trip_at">Next trip at {date}</Trans>
        </Link>
      ) : null}
    </div>
  )
}
