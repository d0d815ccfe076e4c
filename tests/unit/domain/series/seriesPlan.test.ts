import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import type { QuotaPeriod } from '../../../../src/contract/permissions'
import { planSeries } from '../../../../src/domain/series/seriesPlan'

const december: QuotaPeriod = {
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  totalQuota: 6,
  usedQuota: 1,
  totalExpressQuota: 0,
  usedExpressQuota: 0,
  savedToNext: 0,
  borrowed: 0,
}
const choice = {
  first: Temporal.PlainDate.from('2026-12-01'),
  days: new Set([2, 4] as const),
  until: Temporal.PlainDate.from('2026-12-31'),
  includeHolidays: false,
  removed: new Set(['2026-12-08']),
}
const holidays = [
  { date: '2026-12-24', name: 'Jouluaatto' },
  { date: '2026-12-25', name: 'Joulupäivä' },
]

describe('planning a standing order', () => {
  it('lists every date with why it is left out, books those that fit the month, and sums their deductibles', () => {
    const plan = planSeries(choice, [{ date: '2026-12-31', name: 'Uudenvuodenaatto' }], [december], 3.1)
    expect(plan.dates.map(({ date, skipped, fits }) => [date.toString(), skipped, fits])).toEqual([
      ['2026-12-01', null, true],
      ['2026-12-03', null, true],
      ['2026-12-08', 'removed', false],
      ['2026-12-10', null, true],
      ['2026-12-15', null, true],
      ['2026-12-17', null, true],
      ['2026-12-22', null, false],
      ['2026-12-24', null, false],
      ['2026-12-29', null, false],
      ['2026-12-31', 'holiday', false],
    ])
    expect(plan.toBook.map(String)).toEqual([
      '2026-12-01',
      '2026-12-03',
      '2026-12-10',
      '2026-12-15',
      '2026-12-17',
    ])
    expect(plan.unfit.map(String)).toEqual(['2026-12-22', '2026-12-24', '2026-12-29'])
    expect(plan.periods).toEqual([
      { startDate: '2026-12-01', endDate: '2026-12-31', remainingBefore: 5, used: 5, remainingAfter: 0 },
    ])
    expect(plan.deductibleSum).toBe(15.5)
  })

  it('counts a return ride on every date, and knows no sum without a deductible', () => {
    const plan = planSeries(choice, holidays, [{ ...december, usedQuota: 0 }], null, 2)
    expect(plan.toBook.map(String)).toEqual(['2026-12-01', '2026-12-03', '2026-12-10'])
    expect(plan.periods[0]).toMatchObject({ used: 6, remainingAfter: 0 })
    expect(plan.deductibleSum).toBeNull()
  })
})
