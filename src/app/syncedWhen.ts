import { Temporal } from 'temporal-polyfill'
import { formatDate, formatTime } from '../domain/dateTimeFormat'

/**
 * When data was last synced, for the sync status: HH:mm when it was today in the tenant's time zone, else
 * the date (D.M.YYYY).
 */
export function syncedWhen(
  lastSyncedAt: string,
  now: Temporal.Instant,
  timeZone: string,
): { today: boolean; text: string } {
  const synced = Temporal.Instant.from(lastSyncedAt).toZonedDateTimeISO(timeZone).toPlainDate()
  const today = now.toZonedDateTimeISO(timeZone).toPlainDate()
  return synced.equals(today)
    ? { today: true, text: formatTime(lastSyncedAt, timeZone) }
    : { today: false, text: formatDate(lastSyncedAt, timeZone) }
}
