import { Temporal } from 'temporal-polyfill'

/**
 * Standing orders: the dates a repeated ride makes. Pure calendar rules on plain dates; the time of
 * each ride is the first ride's wall-clock time on its date in the tenant's zone (`rideInstant`), so a series
 * keeps its 08:00 across a change to or from summer time.
 */

/** ISO weekdays: 1 is Monday, 7 is Sunday (the week starts on Monday). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7
export const weekdays: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7]

/** A public holiday: its date and its name in the user's language. */
export interface Holiday {
  date: string
  name: string
}

export interface SeriesChoice {
  /** The first ride's date: always the series' first. */
  first: Temporal.PlainDate
  /** The weekdays it repeats on after the first. */
  days: ReadonlySet<Weekday>
  /** The last date it may make, included. */
  until: Temporal.PlainDate
  /** Public holidays are left out unless the user includes them. */
  includeHolidays: boolean
  /** Dates the user took out by hand (YYYY-MM-DD). */
  removed: ReadonlySet<string>
  /** A return's series: only these dates (its outbound series'), the others not named at all. */
  within?: ReadonlySet<string> | null
}

/** One date of the series as the user sees it: booked, or left out and why. */
export interface SeriesDate {
  date: Temporal.PlainDate
  /** The holiday on the date, if any. */
  holiday: string | null
  /** Left out: a holiday the series skips, or taken out by the user; null when the ride is booked. */
  skipped: 'holiday' | 'removed' | null
}

/**
 * Every date from the first ride to `until` that the series names: the first, then each day on one of the chosen
 * weekdays, with holidays and the user's removals marked as skipped (the first ride is never skipped: it is the
 * ride being booked).
 */
export function seriesDates(choice: SeriesChoice, holidays: readonly Holiday[]): SeriesDate[] {
  const holidayOn = new Map(holidays.map((holiday) => [holiday.date, holiday.name]))
  const dates: SeriesDate[] = []
  for (
    let date = choice.first;
    Temporal.PlainDate.compare(date, choice.until) <= 0;
    date = date.add({ days: 1 })
  ) {
    const isFirst = date.equals(choice.first)
    const key = date.toString()
    if (!isFirst && (!choice.days.has(date.dayOfWeek as Weekday) || choice.within?.has(key) === false))
      continue
    const holiday = holidayOn.get(key) ?? null
    const skipped = isFirst
      ? null
      : choice.removed.has(key)
        ? 'removed'
        : holiday !== null && !choice.includeHolidays
          ? 'holiday'
          : null
    dates.push({ date, holiday, skipped })
  }
  return dates
}

/** The dates of the series that are booked: those not skipped. */
export function bookedDates(dates: readonly SeriesDate[]): Temporal.PlainDate[] {
  return dates.filter((entry) => entry.skipped === null).map((entry) => entry.date)
}

/** The first ride's wall-clock time on `date` in the tenant's zone: 08:00 stays 08:00 in summer and winter. */
export function rideInstant(date: Temporal.PlainDate, first: Temporal.ZonedDateTime): Temporal.Instant {
  return date.toZonedDateTime({ timeZone: first.timeZoneId, plainTime: first.toPlainTime() }).toInstant()
}
