import type { Temporal } from 'temporal-polyfill'
import type { QuotaPeriod } from '../../contract/permissions'
import { periodOn, remainingIn } from '../permissions/quota'

/** Whether a date of a series fits its permission's quota, and the period it uses. */
export interface DateFit {
  date: Temporal.PlainDate
  /** The start date of the period the date falls in; null when the permission has none on that date. */
  periodStartDate: string | null
  fits: boolean
}

/** A period the series uses: its trips left before and after the dates that fit. */
export interface PeriodUse {
  startDate: string
  endDate: string
  remainingBefore: number
  /** Quota trips the series' fitting dates use in it. */
  used: number
  remainingAfter: number
}

export interface SeriesFit {
  dates: DateFit[]
  periods: PeriodUse[]
}

/**
 * How the booked dates of a series use the chosen permission's quota, in date order: each date uses
 * `ridesPerDate` quota trips (2 with a return ride, which is booked on the same dates) of the period it falls in,
 * and fits only while that period has them all left; a date in no period never fits. A series can so use up a
 * month's quota: the dates after it do not fit, and the user may drop them.
 */
export function fitSeries(
  dates: readonly Temporal.PlainDate[],
  periods: readonly QuotaPeriod[],
  ridesPerDate: 1 | 2,
): SeriesFit {
  const uses = new Map<string, PeriodUse>()
  const fitted = dates.map((date): DateFit => {
    const period = periodOn(periods, date.toString())
    if (!period) return { date, periodStartDate: null, fits: false }
    let use = uses.get(period.startDate)
    if (!use) {
      const left = remainingIn(periods, period).remainingQuota
      use = {
        startDate: period.startDate,
        endDate: period.endDate,
        remainingBefore: left,
        used: 0,
        remainingAfter: left,
      }
      uses.set(period.startDate, use)
    }
    const fits = use.remainingAfter >= ridesPerDate
    if (fits) {
      use.used += ridesPerDate
      use.remainingAfter -= ridesPerDate
    }
    return { date, periodStartDate: period.startDate, fits }
  })
  return { dates: fitted, periods: [...uses.values()] }
}
