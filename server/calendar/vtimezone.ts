import { Temporal } from 'temporal-polyfill'

/** An offset as iCalendar writes it: +0200. */
const icsOffset = (offset: string) => offset.replace(':', '').slice(0, 5)

/** A local date-time as iCalendar writes it, without a zone: 20270328T030000. */
const icsLocal = (time: Temporal.PlainDateTime) =>
  time.toString({ smallestUnit: 'second' }).replaceAll('-', '').replaceAll(':', '')

/** One VTIMEZONE part: the offset that holds from `change` on. */
function part(change: Temporal.ZonedDateTime): string {
  const before = change.subtract({ nanoseconds: 1 })
  // A move to a larger offset is summer time in the zones the portal serves (Helsinki, London, US Central).
  const kind = change.offsetNanoseconds > before.offsetNanoseconds ? 'DAYLIGHT' : 'STANDARD'
  return [
    `BEGIN:${kind}`,
    // DTSTART is the wall time of the change as the clocks showed it before: 03:00 when they jump to 04:00.
    `DTSTART:${icsLocal(before.toPlainDateTime().add({ nanoseconds: 1 }))}`,
    `TZOFFSETFROM:${icsOffset(before.offset)}`,
    `TZOFFSETTO:${icsOffset(change.offset)}`,
    `END:${kind}`,
  ].join('\r\n')
}

/**
 * The VTIMEZONE of `timeZone` that RFC 5545 wants beside every TZID, written from Temporal's own zone data for the
 * feed's window: the offset in force at its start and every change up to its end (a DST change within two
 * weeks). A zone with no change ever gets one STANDARD part at its constant offset.
 */
export function vtimezone(timeZone: string, from: Temporal.Instant, to: Temporal.Instant): string {
  const start = from.toZonedDateTimeISO(timeZone)
  const changes: Temporal.ZonedDateTime[] = []
  const inForce = start.getTimeZoneTransition('previous')
  let next = start.getTimeZoneTransition('next')
  while (next && Temporal.Instant.compare(next.toInstant(), to) < 0) {
    changes.push(next)
    next = next.getTimeZoneTransition('next')
  }
  const parts = inForce
    ? [part(inForce), ...changes.map(part)]
    : [
        [
          'BEGIN:STANDARD',
          'DTSTART:19700101T000000',
          `TZOFFSETFROM:${icsOffset(start.offset)}`,
          `TZOFFSETTO:${icsOffset(start.offset)}`,
          'END:STANDARD',
        ].join('\r\n'),
        ...changes.map(part),
      ]
  return ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, ...parts, 'END:VTIMEZONE'].join('\r\n')
}
