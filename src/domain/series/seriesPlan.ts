import type { Temporal } from 'temporal-polyfill'
import type { QuotaPeriod } from '../../contract/permissions'
import { bookedDates, seriesDates, type Holiday, type SeriesChoice, type SeriesDate } from './seriesDates'
import { fitSeries, type PeriodUse } from './seriesQuota'

/** One date of a series as the summary lists it: left out and why, or booked and whether its quota holds it. */
export interface PlannedDate extends SeriesDate {
  /** A booked date whose period has a quota trip left for it; false for a date left out. */
  fits: boolean
}

export interface SeriesPlan {
  dates: PlannedDate[]
  /** The dates to book: booked and fitting, or every booked date when none fails to fit. */
  toBook: Temporal.PlainDate[]
  /** Booked dates the quota does not hold: the user drops them (or the series is refused). */
  unfit: Temporal.PlainDate[]
  periods: PeriodUse[]
  /** The deductible of every ride the series books, in euros (null when a ride's is not known). */
  deductibleSum: number | null
}

/**
 * What a standing order books: its dates from the choice and the holidays, how they fit the chosen
 * permission's periods (`ridesPerDate` quota trips each), and the sum of the rides' deductibles.
 */
export function planSeries(
  choice: SeriesChoice,
  holidays: readonly Holiday[],
  periods: readonly QuotaPeriod[],
  deductible: number | null,
  ridesPerDate: 1 | 2 = 1,
): SeriesPlan {
  const dates = seriesDates(choice, holidays)
  const fit = fitSeries(bookedDates(dates), periods, ridesPerDate)
  const fitsOn = new Map(fit.dates.map((entry) => [entry.date.toString(), entry.fits]))
  const planned = dates.map((entry) => ({ ...entry, fits: fitsOn.get(entry.date.toString()) ?? false }))
  const toBook = fit.dates.filter((entry) => entry.fits).map((entry) => entry.date)
  const unfit = fit.dates.filter((entry) => !entry.fits).map((entry) => entry.date)
  // Cents, so that the sum of 0.10s is exact.
  const sum = deductible === null ? null : (Math.round(deductible * 100) * toBook.length * ridesPerDate) / 100
  return { dates: planned, toBook, unfit, periods: fit.periods, deductibleSum: sum }
}
