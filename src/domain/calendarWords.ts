import { Temporal } from 'temporal-polyfill'

/**
 * The calendar's words: month and weekday names in the user's locale, the one part of a displayed date that
 * follows the locale (the formats are dateDisplay.ts). Only the calendar and the date selects use them.
 */

/** A calendar date in the locale's words; formatted at UTC midnight in UTC, so the device's zone cannot move it. */
function calendarWords(
  date: Temporal.PlainDate,
  locale: string,
  options: Intl.DateTimeFormatOptions,
): string {
  const epochMs = date.toZonedDateTime('UTC').epochMilliseconds
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(epochMs)
}

/** The calendar's heading: the month and year of a date, e.g. "November 2026", "marraskuu 2026". */
export function monthTitle(date: Temporal.PlainDate, locale: string): string {
  return calendarWords(date, locale, { month: 'long', year: 'numeric' })
}

/** The weekday of a date, e.g. "Monday" or "Mon", "maanantai" or "ma". */
export function weekdayName(date: Temporal.PlainDate, locale: string, width: 'long' | 'short'): string {
  return calendarWords(date, locale, { weekday: width })
}

/** A calendar day named in full for assistive technology, e.g. "Monday, November 23, 2026". */
export function dayLabel(date: Temporal.PlainDate, locale: string): string {
  return calendarWords(date, locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
}

/** A month's name in the locale, e.g. "March", "maaliskuu", "mars" (1 is January). */
export function monthName(month: number, locale: string): string {
  return calendarWords(Temporal.PlainDate.from({ year: 2000, month, day: 1 }), locale, { month: 'long' })
}
