import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import type { QuotaPeriod } from '../../../../src/contract/permissions'
import { fitSeries } from '../../../../src/domain/series/seriesQuota'

const period = (startDate: string, endDate: string, totalQuota: number, usedQuota = 0): QuotaPeriod => ({
  startDate,
  endDate,
  totalQuota,
  usedQuota,
  totalExpressQuota: 0,
  usedExpressQuota: 0,
  savedToNext: 0,
  borrowed: 0,
})
const november = period('2026-11-01', '2026-11-30', 10, 7)
const december = period('2026-12-01', '2026-12-31', 8)
const dates = (...texts: string[]) => texts.map((text) => Temporal.PlainDate.from(text))
/** Each date as text with whether it fits. */
const fits = (fit: ReturnType<typeof fitSeries>) =>
  fit.dates.map(({ date, fits: ok }) => `${date} ${ok ? 'fits' : 'no'}`)

describe('a series against its permission’s quota', () => {
  it('fits while its period has trips left, and the dates after do not: the quota runs out mid-series', () => {
    const fit = fitSeries(dates('2026-11-24', '2026-11-26', '2026-11-27', '2026-11-30'), [november], 1)
    expect(fits(fit)).toEqual(['2026-11-24 fits', '2026-11-26 fits', '2026-11-27 fits', '2026-11-30 no'])
    expect(fit.periods).toEqual([
      { startDate: '2026-11-01', endDate: '2026-11-30', remainingBefore: 3, used: 3, remainingAfter: 0 },
    ])
  })

  it('uses two trips a date with a return ride, and a date with one left does not fit', () => {
    const fit = fitSeries(dates('2026-11-24', '2026-11-26'), [november], 2)
    expect(fits(fit)).toEqual(['2026-11-24 fits', '2026-11-26 no'])
    expect(fit.periods[0]).toMatchObject({ used: 2, remainingAfter: 1 })
  })

  it('counts each period on its own: a new month starts with its own quota', () => {
    const fit = fitSeries(
      dates('2026-11-26', '2026-11-30', '2026-12-01', '2026-12-03', '2026-12-31'),
      [november, december],
      2,
    )
    expect(fits(fit)).toEqual([
      '2026-11-26 fits',
      '2026-11-30 no',
      '2026-12-01 fits',
      '2026-12-03 fits',
      '2026-12-31 fits',
    ])
    expect(fit.periods.map(({ startDate, remainingAfter }) => [startDate, remainingAfter])).toEqual([
      ['2026-11-01', 1],
      ['2026-12-01', 2],
    ])
  })

  it('never fits a date outside every period', () => {
    const fit = fitSeries(dates('2026-12-31', '2027-01-02'), [december], 1)
    expect(fit.dates.map(({ periodStartDate, fits: ok }) => [periodStartDate, ok])).toEqual([
      ['2026-12-01', true],
      [null, false],
    ])
  })

  it('counts trips saved on from the period before', () => {
    const saved = { ...november, usedQuota: 10, savedToNext: 0 }
    const fit = fitSeries(dates('2026-12-01'), [saved, { ...december, totalQuota: 0 }], 1)
    expect(fit.dates[0]!.fits).toBe(false)
    const withSaved = fitSeries(
      dates('2026-12-01'),
      [
        { ...saved, savedToNext: 1, totalQuota: 11 },
        { ...december, totalQuota: 0 },
      ],
      1,
    )
    expect(withSaved.dates[0]!.fits).toBe(true)
  })
})
