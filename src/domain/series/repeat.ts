import { Temporal } from 'temporal-polyfill'
import type { Quota } from '../../contract/permissions'
import type { HolidayView } from '../../contract/series'
import { latestSeriesEnd, type Weekday } from './seriesDates'
import { planSeries, type SeriesPlan } from './seriesPlan'

/**
 * The booking wizard's "Repeat this ride" (issue 24) as its machine keeps and persists it: plain data, from which
 * `repeatOutcome` works out the dates, the quota they use, what stops the save, and the series the save sends.
 */
export interface RepeatChoice {
  /** ISO weekdays after the first ride, in week order. */
  weekdays: Weekday[]
  /** The end date (YYYY-MM-DD), null while its field holds no date. */
  until: string | null
  includeHolidays: boolean
  /** Dates the user took out by hand. */
  removed: string[]
  /** A return's series: the dates its outbound series booked, the only ones it repeats on; else null. */
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

export type RepeatProblem =
  /** The permission has no period from the first ride on: nothing can repeat. */
  | 'noPeriod'
  | 'noWeekday'
  /** The end date's field holds no date. */
  | 'untilInvalid'
  | 'untilBeforeFirst'
  | 'untilAfterLatest'
  /** The holidays have not come yet (or their fetch failed): the dates are not known. */
  | 'holidaysUnknown'
  /** No date after the first: not a series. */
  | 'onlyFirst'
  /** Dates the quota does not hold, and the user has not chosen to book only those that fit. */
  | 'unfit'

export interface RepeatFacts {
  /** The first ride's date (the wizard's date). */
  first: string
  quota: Quota
  holidays: readonly HolidayView[] | null
  /** The deductible of one ride, null until the estimate came. */
  price: number | null
  horizonWeeks: number
}

export interface RepeatOutcome {
  /** The latest end the series may have, null when the permission has no period from the first ride. */
  latest: string | null
  /** The dates and their quota, once the end date is a date in range and the holidays are known. */
  plan: SeriesPlan | null
  problems: RepeatProblem[]
  /** What the save sends, when nothing stops it. */
  series: SeriesPart | null
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

function endProblem(
  until: string | null,
  first: Temporal.PlainDate,
  latest: Temporal.PlainDate,
): RepeatProblem | null {
  if (until === null) return 'untilInvalid'
  const end = Temporal.PlainDate.from(until)
  if (Temporal.PlainDate.compare(end, first) <= 0) return 'untilBeforeFirst'
  return Temporal.PlainDate.compare(end, latest) > 0 ? 'untilAfterLatest' : null
}

/**
 * What a repeat choice comes to for the first ride: its latest end, its plan, what stops the save, and the
 * series to send. A date the quota does not hold stops it unless the user chose to book those that fit (the
 * first ride's own date always must fit: it is the booking).
 */
export function repeatOutcome(choice: RepeatChoice, facts: RepeatFacts): RepeatOutcome {
  const first = Temporal.PlainDate.from(facts.first)
  const latestDate = latestSeriesEnd(first, facts.quota.periods, facts.horizonWeeks)
  const latest = latestDate?.toString() ?? null
  if (!latestDate) return { latest, plan: null, problems: ['noPeriod'], series: null }
  const problems: RepeatProblem[] = []
  if (choice.weekdays.length === 0) problems.push('noWeekday')
  const end = endProblem(choice.until, first, latestDate)
  if (end) problems.push(end)
  if (facts.holidays === null) problems.push('holidaysUnknown')
  if (end || facts.holidays === null) return { latest, plan: null, problems, series: null }
  const plan = planSeries(
    {
      first,
      days: new Set(choice.weekdays),
      until: Temporal.PlainDate.from(choice.until!),
      includeHolidays: choice.includeHolidays,
      removed: new Set(choice.removed),
      within: choice.within && new Set(choice.within),
    },
    facts.holidays,
    facts.quota.periods,
    facts.price,
  )
  const firstUnfit = plan.unfit.some((date) => date.equals(first))
  if (firstUnfit || (plan.unfit.length > 0 && !choice.fitOnly)) problems.push('unfit')
  else if (plan.toBook.length < 2 && problems.length === 0) problems.push('onlyFirst')
  const series =
    problems.length === 0
      ? {
          weekdays: choice.weekdays,
          until: choice.until!,
          dates: plan.toBook.map(String),
          fitOnly: choice.fitOnly,
        }
      : null
  return { latest, plan, problems, series }
}
