import { Temporal } from 'temporal-polyfill'

/** Display formats of spec section 9: dates D.M.YYYY, times HH:mm, in the tenant's time zone. */

function zoned(instant: string, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone)
}

/** D.M.YYYY, e.g. 3.12.2026. */
export function formatDate(instant: string, timeZone: string): string {
  const { day, month, year } = zoned(instant, timeZone)
  return `${day}.${month}.${year}`
}

/** HH:mm, e.g. 08:05. */
export function formatTime(instant: string, timeZone: string): string {
  const { hour, minute } = zoned(instant, timeZone)
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`
}
