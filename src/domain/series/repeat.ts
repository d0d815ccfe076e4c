import { Temporal } from 'temporal-polyfill'
import type { Quota } from '../../contract/permissions'
import type { HolidayView } from '../../contract/series'
import type { RepeatChoice, SeriesPart } from './repeatChoice'
import { latestSeriesEnd } from './seriesEnd'
import { planSeries, type SeriesPlan } from './seriesPlan'

/**
 * What the wizard's repeat choice (repeatChoice.ts) comes to: the dates, their fit and sum, what stops the save,
 * and the series to send. Loaded with the summary, apart from the wizard's first steps.
 */

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
  // A return's end is its outbound's, which the user does not choose: a day on (past midnight) it may pass the
  // latest end, and stops there, leaving out the return of an outbound on the permission's last day.
  const until =
    choice.within && choice.until !== null && Temporal.PlainDate.compare(choice.until, latestDate) > 0
      ? latest
      : choice.until
  const problems: RepeatProblem[] = []
  if (choice.weekdays.length === 0) problems.push('noWeekday')
  const end = endProblem(until, first, latestDate)
  if (end) problems.push(end)
  if (facts.holidays === null) problems.push('holidaysUnknown')
  if (end || facts.holidays === null) return { latest, plan: null, problems, series: null }
  const plan = planSeries(
    {
      first,
      days: new Set(choice.weekdays),
      until: Temporal.PlainDate.from(until!),
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
          until: until!,
          dates: plan.toBook.map(String),
          fitOnly: choice.fitOnly,
        }
      : null
  return { latest, plan, problems, series }
}
