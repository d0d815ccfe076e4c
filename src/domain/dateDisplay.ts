import { Temporal } from 'temporal-polyfill'

/**
 * Every date and time the portal shows (spec section 9): D.M.YYYY in the shell and the date helper, DD.MM.YYYY
 * in the booking and cancel wizards, HH:mm for times. An instant is shown in the tenant's time zone (the
 * environment's `timeZone`, Europe/Helsinki by default), never the device's. These are the same in every
 * locale; only the calendar's words follow the locale (calendarWords.ts, apart so that only the calendar loads
 * them).
 */

/** An instant, or its ISO string as the contract carries it (`2026-11-21T08:05:00Z`). */
export type InstantValue = Temporal.Instant | string
/** A calendar date, or its ISO string (`2026-11-21`). */
export type DateValue = Temporal.PlainDate | string

function zoned(instant: InstantValue, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone)
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0')
}

/** D.M.YYYY, e.g. 5.3.2026: the shell, the trips list, the date helper's messages, the statements' dates. */
export function shellDate(date: DateValue): string {
  const { day, month, year } = Temporal.PlainDate.from(date)
  return `${day}.${month}.${year}`
}

/** DD.MM.YYYY, e.g. 05.03.2026: the booking and cancel wizards. */
export function wizardDate(date: DateValue): string {
  const { day, month, year } = Temporal.PlainDate.from(date)
  return `${twoDigits(day)}.${twoDigits(month)}.${year}`
}

/** The date of an instant in the tenant's zone as D.M.YYYY; 23:30 UTC on 31.12. is already 1.1. in Helsinki. */
export function instantDate(instant: InstantValue, timeZone: string): string {
  return shellDate(zoned(instant, timeZone).toPlainDate())
}

/** HH:mm of a wall-clock time, e.g. 08:05: the booking wizard's time field, which has no date or zone yet. */
export function wallClockTime(time: Pick<Temporal.PlainTime, 'hour' | 'minute'>): string {
  return `${twoDigits(time.hour)}:${twoDigits(time.minute)}`
}

/** HH:mm of an instant in the tenant's zone, e.g. 08:05. */
export function clockTime(instant: InstantValue, timeZone: string): string {
  return wallClockTime(zoned(instant, timeZone))
}

/**
 * When something happened, said as briefly as is clear: HH:mm when it was on today's date in the tenant's zone,
 * else its date (D.M.YYYY). The shell's sync status says when data was last synced this way.
 */
export function timeOrDate(
  instant: InstantValue,
  now: Temporal.Instant,
  timeZone: string,
): { today: boolean; text: string } {
  const today = zoned(instant, timeZone).toPlainDate().equals(zoned(now, timeZone).toPlainDate())
  return { today, text: today ? clockTime(instant, timeZone) : instantDate(instant, timeZone) }
}
