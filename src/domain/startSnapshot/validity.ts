import { Temporal } from 'temporal-polyfill'

/** A snapshot is never older than this: what it shows (the now line, a car's status) moves on. */
export const snapshotMaxAge = Temporal.Duration.from({ minutes: 10 })

/**
 * Until when a snapshot stored `now` (in the tenant's zone) may be painted: ten minutes, but never into the
 * next day, whose trips it does not show, nor past the session's end, `sessionSecondsLeft` from now. Null when
 * the session's end is unknown.
 */
export function snapshotValidUntil(
  now: Temporal.ZonedDateTime,
  sessionSecondsLeft: number | null,
): Temporal.Instant | null {
  if (sessionSecondsLeft === null) return null
  const ends = [
    now.add(snapshotMaxAge).toInstant(),
    now.toPlainDate().add({ days: 1 }).toZonedDateTime(now.timeZoneId).toInstant(),
    now.toInstant().add({ seconds: sessionSecondsLeft }),
  ]
  return ends.reduce((earliest, end) => (Temporal.Instant.compare(end, earliest) < 0 ? end : earliest))
}
