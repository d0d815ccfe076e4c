import { Temporal } from 'temporal-polyfill'

/** Display formats of spec section 9: dates D.M.YYYY, times HH:mm, in the tenant's time zone. */

function zoned(instant: string, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone)
}

/** A calendar date (`2023-01-25`) as D.M.YYYY (25.1.2023), the same in every locale. */
export function formatCalendarDate(isoDate: string | Temporal.PlainDate): string {
  const { day, month, year } = Temporal.PlainDate.from(isoDate)
  return `${day}.${month}.${year}`
}

/** The date of an instant in the tenant's zone, D.M.YYYY, e.g. 3.12.2026. */
export function formatDate(instant: string, timeZone: string): string {
  return formatCalendarDate(zoned(instant, timeZone).toPlainDate())
}

/** HH:mm, e.g. 08:05. */
export function formatTime(instant: string, timeZone: string): string {
  const { hour, minute } = zoned(instant, timeZone)
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`
}
