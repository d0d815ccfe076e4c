import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { shellDate } from '../../domain/dateDisplay'
import { LazyCalendar } from '../ui/LazyCalendar'
import { buttonClasses } from '../ui/classes'
import { ChevronRightIcon } from '../ui/icons'
import { CalendarIcon, ChevronLeftIcon } from '../ui/featureIcons'
import { Popover } from '../ui/Popover'
import { nextTripDate, previousTripDate } from './tripDates'
import type { TripsSearch } from './tripsSearch'

export interface TripDayNavProps {
  /** The day shown, YYYY-MM-DD. */
  date: string
  /** The days that have trips, in order. */
  dates: readonly string[]
  today: string
  locale: string
  search: TripsSearch
  onSelect(date: string): void
}

const arrowClasses = buttonClasses('secondary', 'px-2')

/**
 * The day of the trips list: arrows to the previous and next day that has trips (shown only when there is
 * one), and a calendar in which only days with trips can be chosen.
 */
export function TripDayNav({ date, dates, today, locale, search, onSelect }: TripDayNavProps) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const previous = previousTripDate(dates, date)
  const next = nextTripDate(dates, date)
  const shown = shellDate(date)
  const previousShown = previous ? shellDate(previous) : ''
  const nextShown = next ? shellDate(next) : ''
  const available = new Set(dates)
  return (
    <div className="flex flex-wrap items-center gap-2">
      {previous ? (
        <Link
          to="/trips"
          search={{ ...search, date: previous }}
          className={arrowClasses}
          aria-label={t({
            id: 'trips.previous_day',
            message: `Previous day with trips, ${previousShown}`,
          })}
        >
          <ChevronLeftIcon />
        </Link>
      ) : null}
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger={
          <>
            <CalendarIcon />
            {shown}
          </>
        }
        triggerLabel={t({ id: 'trips.choose_date', message: `Choose date, ${shown}` })}
        triggerClassName={buttonClasses('secondary')}
        label={t({ id: 'trips.calendar', message: 'Days with trips' })}
        focusesItself
      >
        <LazyCalendar
          value={date}
          today={today}
          locale={locale}
          focusOnMount
          isDisabled={(day) => !available.has(day)}
          onSelect={(day) => {
            setOpen(false)
            onSelect(day)
          }}
        />
      </Popover>
      {next ? (
        <Link
          to="/trips"
          search={{ ...search, date: next }}
          className={arrowClasses}
          aria-label={t({ id: 'trips.next_day', message: `Next day with trips, ${nextShown}` })}
        >
          <ChevronRightIcon />
        </Link>
      ) : null}
    </div>
  )
}
