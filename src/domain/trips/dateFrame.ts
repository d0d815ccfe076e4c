import { Temporal } from 'temporal-polyfill'

/** The dates a cancellation covers: one day, or a period from start to end inclusive. */
export interface DateFrame {
  start: Temporal.PlainDate
  end: Temporal.PlainDate
}

export type DateFrameError = 'must_not_be_empty' | 'check_date_format' | 'before_today'

/** An ISO date (YYYY-MM-DD) of the cancel wizard's fields, or why it is not one (spec section 5, Cancel). */
export function parseIsoDate(text: string): Temporal.PlainDate | 'must_not_be_empty' | 'check_date_format' {
  const value = text.trim()
  if (value === '') return 'must_not_be_empty'
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'check_date_format'
  try {
    return Temporal.PlainDate.from(value, { overflow: 'reject' })
  } catch {
    return 'check_date_format'
  }
}

/** The start is not before today. */
export function startError(start: Temporal.PlainDate, today: Temporal.PlainDate): DateFrameError | null {
  return Temporal.PlainDate.compare(start, today) < 0 ? 'before_today' : null
}

/** When the start moves past the end, the end follows it (spec section 5). */
export function followStart(start: Temporal.PlainDate, end: Temporal.PlainDate): Temporal.PlainDate {
  return Temporal.PlainDate.compare(start, end) > 0 ? start : end
}

/** The frame's instants: start of the start day to the end of the end day, in the tenant's time zone. */
export function frameBounds(
  frame: DateFrame,
  timeZone: string,
): { from: Temporal.Instant; until: Temporal.Instant } {
  return {
    from: frame.start.toZonedDateTime({ timeZone }).toInstant(),
    until: frame.end.add({ days: 1 }).toZonedDateTime({ timeZone }).toInstant(),
  }
}

/** The device has the trips from today through this many days after it (the server's list: two weeks). */
export const shownTripDays = 14

/**
 * The part of `frame` past the dates this device has trips for, or null when the frame is within them: what the
 * cancel wizard asks the server for (a series' rides beyond the two weeks).
 */
export function beyondShown(frame: DateFrame, today: Temporal.PlainDate): DateFrame | null {
  const lastShown = today.add({ days: shownTripDays })
  if (Temporal.PlainDate.compare(frame.end, lastShown) <= 0) return null
  const afterShown = lastShown.add({ days: 1 })
  return {
    start: Temporal.PlainDate.compare(frame.start, afterShown) > 0 ? frame.start : afterShown,
    end: frame.end,
  }
}
