import { Temporal } from 'temporal-polyfill'
import type { Quota } from '../../contract/permissions'
import type { Weekday } from './seriesDates'
import { latestSeriesEnd } from './seriesEnd'

/**
 * The booking wizard's "Repeat this ride" as its machine keeps and persists it: plain data, and the
 * edits the machine makes to it. `repeatOutcome` (repeat.ts, loaded with the summary) works out from it the
 * dates, the quota they use, what stops the save, and the series the save sends.
 */
export interface RepeatChoice {
  /** ISO weekdays after the first ride, in week order. */
  weekdays: Weekday[]
  /** The end date (YYYY-MM-DD), null while its field holds no date. */
  until: string | null
  includeHolidays: boolean
  /** Dates the user took out by hand, as the summary lists them: the rides' own days. */
  removed: string[]
  /**
   * A return's series: the dates its outbound series booked, the only ones it repeats on (or the day after each,
   * `onRideDays`); else null. `weekdays` and `until` are then its outbound's too.
   */
  within: string[] | null
  /** Book the dates that fit and leave out those the rules refuse, instead of all or none. */
  fitOnly: boolean
}

/** What a series adds to the first ride's booking (the contract's seriesBookingRequest, less the booking). */
export interface SeriesPart {
  weekdays: Weekday[]
  until: string
  dates: string[]
  fitOnly: boolean
}

/** A new series ends four weeks on from the first ride, or sooner at the latest end. */
export const defaultRepeatWeeks = 4

/** The days whose holidays the wizard asks for: every date a series from `first` may reach. */
export function holidayRange(first: string, horizonWeeks: number): { from: string; to: string } {
  const from = Temporal.PlainDate.from(first)
  return { from: first, to: from.add({ weeks: horizonWeeks }).toString() }
}

/** "Repeat this ride" turned on: on the first ride's weekday, four weeks on (or to the latest end). */
export function newRepeat(first: string, quota: Quota, horizonWeeks: number): RepeatChoice {
  const start = Temporal.PlainDate.from(first)
  const latest = latestSeriesEnd(start, quota.periods, horizonWeeks)
  const wanted = start.add({ weeks: defaultRepeatWeeks })
  const until = latest && Temporal.PlainDate.compare(latest, wanted) < 0 ? latest : wanted
  return {
    weekdays: [start.dayOfWeek as Weekday],
    until: until.toString(),
    includeHolidays: false,
    removed: [],
    within: null,
    fitOnly: false,
  }
}

/** A return trip's series: the outbound series' weekdays and end, on the dates it booked. */
export function returnRepeat(outbound: SeriesPart, booked: readonly string[]): RepeatChoice {
  return {
    weekdays: [...outbound.weekdays],
    until: outbound.until,
    // The outbound's dates already leave out what it left out.
    includeHolidays: true,
    removed: [],
    within: [...booked],
    fitOnly: outbound.fitOnly,
  }
}

/**
 * The choice on the days its rides are on. A return's names its outbound's dates; one whose time passes midnight
 * (`nextDay`) is on the day after each, so its dates, weekdays and end move a day on (`repeatOutcome` keeps the end
 * within the latest end). Every next-day return is sent so, not only one after the server's 04:00 allowance (kept
 * for other callers): the summary lists, and the save sends, the days the rides are on. A choice made on the
 * summary names them already.
 */
export function onRideDays(choice: RepeatChoice, nextDay: boolean): RepeatChoice {
  if (!nextDay || !choice.within) return choice
  const dayAfter = (date: string) => Temporal.PlainDate.from(date).add({ days: 1 }).toString()
  return {
    ...choice,
    weekdays: choice.weekdays.map((day) => ((day % 7) + 1) as Weekday).sort((a, b) => a - b),
    until: choice.until && dayAfter(choice.until),
    within: choice.within.map(dayAfter),
  }
}

/** The choice with one weekday on or off (kept in week order). */
export function withWeekday(choice: RepeatChoice, day: Weekday, on: boolean): RepeatChoice {
  const days = new Set(choice.weekdays)
  if (on) days.add(day)
  else days.delete(day)
  return { ...choice, weekdays: [...days].sort((a, b) => a - b) }
}

/** The choice with a date taken out by hand, or put back. */
export function withRemoved(choice: RepeatChoice, date: string, removed: boolean): RepeatChoice {
  const others = choice.removed.filter((other) => other !== date)
  return { ...choice, removed: removed ? [...others, date].sort() : others }
}
