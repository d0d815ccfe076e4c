import { Temporal } from 'temporal-polyfill'
import { wallClockTime } from '../dateDisplay'

/**
 * The booking time (spec sections 4 and 5). The time field holds minutes from midnight of the booking date, a
 * plain number so the persisted booking snapshot keeps it; it is turned into an instant in the tenant's zone
 * only when the booking is sent or compared with now.
 */

export const minutesPerDay = 1440
/** 23:59, where "capped at end of day" stops. */
export const endOfDayMinutes = minutesPerDay - 1
/** The default booking time is now plus this, capped at end of day. */
export const defaultTimeOffsetMinutes = 5
/** The return trip's time is the outbound time plus this, capped at end of day (spec section 9). */
export const returnTripOffsetMinutes = 60

export type TimeFieldProblem = 'timeRequired' | 'checkTimeFormat'

/** What the time field keeps of a keystroke: digits only, at most 4 of them. */
export function timeFieldInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 4)
}

/**
 * Minutes from midnight of a typed time, or why not: HH:mm as shown, or up to 4 digits (9 is 09:00, 930 is
 * 09:30, 0930 too); the hour at most 23 and the minute at most 59.
 */
export function parseTimeField(text: string): number | TimeFieldProblem {
  const value = text.trim()
  if (value === '') return 'timeRequired'
  const parts = /^(\d{1,2}):(\d{2})$/.exec(value) ?? /^(\d{1,2}?)(\d{2})?$/.exec(value)
  if (!parts) return 'checkTimeFormat'
  const hour = Number(parts[1])
  const minute = Number(parts[2] ?? 0)
  if (hour > 23 || minute > 59) return 'checkTimeFormat'
  return hour * 60 + minute
}

/** The stored value: a time earlier than the from time is on the next day, so it gets 1440 added. */
export function timeFieldMinutes(minutes: number, fromMinutes: number | null): number {
  return fromMinutes !== null && minutes < fromMinutes ? minutes + minutesPerDay : minutes
}

function plainTime(minutes: number): Temporal.PlainTime {
  const ofDay = minutes % minutesPerDay
  return Temporal.PlainTime.from({ hour: Math.floor(ofDay / 60), minute: ofDay % 60 })
}

/** HH:mm of the time field's minutes (a next-day value shows its clock time). */
export function timeFieldText(minutes: number): string {
  return wallClockTime(plainTime(minutes))
}

/** The day a trip is on: the booking date, or the next day for a time field value past midnight (1440 and above). */
export function tripDay(date: string, minutes: number | null): Temporal.PlainDate {
  return Temporal.PlainDate.from(date).add({
    days: minutes === null ? 0 : Math.floor(minutes / minutesPerDay),
  })
}

/** Minutes plus an offset, no later than 23:59 of the day they fall on. */
export function laterCapped(minutes: number, offset: number): number {
  const endOfThatDay = Math.floor(minutes / minutesPerDay) * minutesPerDay + endOfDayMinutes
  return Math.min(minutes + offset, endOfThatDay)
}

/** The booking's date and time as an instant in the tenant's zone; minutes of 1440 and above are the next day's. */
export function bookingInstant(date: string, minutes: number, timeZone: string): Temporal.Instant {
  return tripDay(date, minutes)
    .toZonedDateTime({ timeZone, plainTime: plainTime(minutes) })
    .toInstant()
}

/** Today's date in the tenant's zone, as the booking's ISO date. */
export function bookingToday(now: Temporal.Instant, timeZone: string): Temporal.PlainDate {
  return now.toZonedDateTimeISO(timeZone).toPlainDate()
}

/**
 * The default booking time: now plus 5 minutes to the minute, in the tenant's zone, but no later than 23:59 of
 * today, so a booking started at 23:57 stays on today's date.
 */
export function defaultBookingTime(now: Temporal.Instant, timeZone: string): { date: string; time: number } {
  const zoned = now.toZonedDateTimeISO(timeZone)
  const later = zoned.add({ minutes: defaultTimeOffsetMinutes })
  const sameDay = later.toPlainDate().equals(zoned.toPlainDate())
  return {
    date: zoned.toPlainDate().toString(),
    time: sameDay ? later.hour * 60 + later.minute : endOfDayMinutes,
  }
}
