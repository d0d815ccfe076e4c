import { Temporal } from 'temporal-polyfill'

/** Trips are shown from today to two weeks ahead (spec section 1): through the 14th day after today. */
export const tripWindowDays = 15

export interface TripWindow {
  /** Today in the zone, as YYYY-MM-DD: part of a cached answer's key. */
  today: string
  from: Temporal.Instant
  to: Temporal.Instant
  /** The next midnight in the zone: the window holds until then. */
  endsAt: Temporal.Instant
}

const windows = new Map<string, TripWindow>()

/** The trip list's window in a time zone, worked out again only when a day ends there (not on every read). */
export function tripWindow(timeZone: string, now: Temporal.Instant = Temporal.Now.instant()): TripWindow {
  const known = windows.get(timeZone)
  if (
    known &&
    Temporal.Instant.compare(now, known.from) >= 0 &&
    Temporal.Instant.compare(now, known.endsAt) < 0
  )
    return known
  const today = now.toZonedDateTimeISO(timeZone).startOfDay()
  const window = {
    today: today.toPlainDate().toString(),
    from: today.toInstant(),
    to: today.add({ days: tripWindowDays }).toInstant(),
    endsAt: today.add({ days: 1 }).toInstant(),
  }
  windows.set(timeZone, window)
  return window
}
