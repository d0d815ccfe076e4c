import { Temporal } from 'temporal-polyfill'
import { seriesReturnPastMidnightBefore } from '../../contract/series'
import { rideInstant } from './seriesDates'

/** What a series request says of its rides: the dates that name them, its weekdays and its last date. */
export interface SeriesRequestDates {
  dates: readonly Temporal.PlainDate[]
  weekdays: ReadonlySet<number>
  until: Temporal.PlainDate
}

/**
 * Why a date of a series request is refused: the first ride is on neither its date nor, as a return just past
 * midnight, the day after; a date not after the one before; a later date off the weekdays; a date after `until`.
 */
export type SeriesDateProblem = 'notFirstRide' | 'outOfOrder' | 'offWeekday' | 'afterUntil'

export type SeriesRides =
  { ok: true; rides: Temporal.Instant[] } | { ok: false; index: number; problem: SeriesDateProblem }

const pastMidnightBefore = Temporal.PlainTime.from(seriesReturnPastMidnightBefore)

/**
 * Whether a ride booked at `first` may be on the day after the date naming it: a return in the first hours after
 * midnight, which follows its outbound's date. Any other ride is on its own date.
 */
function returnPastMidnight(date: Temporal.PlainDate, first: Temporal.ZonedDateTime): boolean {
  return (
    first.toPlainDate().equals(date.add({ days: 1 })) &&
    Temporal.PlainTime.compare(first.toPlainTime(), pastMidnightBefore) < 0
  )
}

/**
 * The instant of each ride a series request books, the first ride booked at `first` (in the tenant's zone), or the
 * first date that breaks its rules. Each ride is on its date at the first ride's wall-clock time, or the day
 * after when the first ride is a return just past midnight; every date is checked against `until` and each later
 * one against the weekdays and the one before (the first ride may be on any day: the weekdays repeat it).
 */
export function seriesRides(series: SeriesRequestDates, first: Temporal.ZonedDateTime): SeriesRides {
  const firstDate = series.dates[0]
  const onItsDate = firstDate?.equals(first.toPlainDate()) ?? false
  if (!firstDate || (!onItsDate && !returnPastMidnight(firstDate, first)))
    return { ok: false, index: 0, problem: 'notFirstRide' }
  const offset = onItsDate ? 0 : 1
  for (const [index, date] of series.dates.entries()) {
    const before = series.dates[index - 1]
    if (before && Temporal.PlainDate.compare(date, before) <= 0)
      return { ok: false, index, problem: 'outOfOrder' }
    if (before && !series.weekdays.has(date.dayOfWeek)) return { ok: false, index, problem: 'offWeekday' }
    if (Temporal.PlainDate.compare(date, series.until) > 0) return { ok: false, index, problem: 'afterUntil' }
  }
  return { ok: true, rides: series.dates.map((date) => rideInstant(date.add({ days: offset }), first)) }
}
