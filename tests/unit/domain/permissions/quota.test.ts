import { describe, expect, it } from 'vitest'
import type { QuotaPeriod } from '../../../../src/contract/permissions'
import {
  covers,
  periodOn,
  permissionDateProblems,
  remainingIn,
  remainingOn,
  validOn,
} from '../../../../src/domain/permissions/quota'

const period = (startDate: string, endDate: string, figures: Partial<QuotaPeriod> = {}): QuotaPeriod => ({
  startDate,
  endDate,
  totalQuota: 10,
  usedQuota: 0,
  totalExpressQuota: 2,
  usedExpressQuota: 0,
  savedToNext: 0,
  borrowed: 0,
  ...figures,
})

const october = period('2026-10-01', '2026-10-31')
const november = period('2026-11-01', '2026-11-30')

describe('the period a date falls in', () => {
  it.each([
    ['2026-10-01', october],
    ['2026-10-31', october],
    ['2026-11-01', november],
    ['2026-11-30', november],
    ['2026-09-30', undefined],
    ['2026-12-01', undefined],
  ])('%s is in %o', (date, expected) => {
    expect(periodOn([october, november], date)).toBe(expected)
  })

  it('counts both ends of a span and compares dates, not text', () => {
    expect(covers({ startDate: '2026-02-28', endDate: '2028-02-29' }, '2028-02-29')).toBe(true)
    expect(covers({ startDate: '2026-02-28', endDate: '2028-02-29' }, '2026-02-27')).toBe(false)
  })
})

describe('remaining quota of a period', () => {
  it.each([
    ['nothing used', {}, {}, 10, 2],
    ['some used', {}, { usedQuota: 4, usedExpressQuota: 1 }, 6, 1],
    ['all used', {}, { usedQuota: 10, usedExpressQuota: 2 }, 0, 0],
    ['more used than there was', {}, { usedQuota: 12, usedExpressQuota: 5 }, 0, 0],
    ['borrowed from the next period', {}, { borrowed: 3, usedQuota: 11 }, 2, 2],
    ['saved on to the next period', {}, { savedToNext: 4, usedQuota: 5 }, 1, 2],
    ['the period before saved on to it', { savedToNext: 3 }, { usedQuota: 1 }, 12, 2],
    ['the period before borrowed from it', { borrowed: 4 }, {}, 6, 2],
  ])('%s', (_name, before: Partial<QuotaPeriod>, figures: Partial<QuotaPeriod>, quota, express) => {
    const periods = [period('2026-10-01', '2026-10-31', before), period('2026-11-01', '2026-11-30', figures)]
    expect(remainingIn(periods, periods[1]!)).toEqual({
      remainingQuota: quota,
      remainingExpressQuota: express,
    })
  })

  it('moves nothing from a period that does not end the day before', () => {
    const periods = [period('2026-09-01', '2026-09-30', { savedToNext: 5 }), november]
    expect(remainingIn(periods, november).remainingQuota).toBe(10)
  })

  it('is that of the date’s period, and nothing outside every period', () => {
    const periods = [october, period('2026-11-01', '2026-11-30', { usedQuota: 7 })]
    expect(remainingOn(periods, '2026-11-15')).toEqual({ remainingQuota: 3, remainingExpressQuota: 2 })
    expect(remainingOn(periods, '2026-10-15')).toEqual({ remainingQuota: 10, remainingExpressQuota: 2 })
    expect(remainingOn(periods, '2027-01-01')).toEqual({ remainingQuota: 0, remainingExpressQuota: 0 })
  })
})

describe('permissions valid on a date', () => {
  const permissions = [
    { id: 'autumn', startDate: '2026-09-01', endDate: '2026-11-30' },
    { id: 'year', startDate: '2026-01-01', endDate: '2026-12-31' },
    { id: 'next', startDate: '2027-01-01', endDate: '2027-12-31' },
  ]
  it.each([
    ['2026-09-01', ['autumn', 'year']],
    ['2026-11-30', ['autumn', 'year']],
    ['2026-12-01', ['year']],
    ['2027-01-01', ['next']],
    ['2025-12-31', []],
  ])('on %s: %o', (date, ids) => {
    expect(validOn(permissions, date).map((permission) => permission.id)).toEqual(ids)
  })
})

describe('dates an operator may give a permission', () => {
  const permission = (periods: QuotaPeriod[], endDate = '2026-12-31') => ({
    startDate: '2026-10-01',
    endDate,
    periods,
  })
  it('accepts periods inside the permission, in any order, not overlapping', () => {
    expect(permissionDateProblems(permission([november, october]))).toEqual([])
  })
  it.each([
    ['an end before the start', permission([], '2026-09-30'), [['endDate', 'before_start']]],
    [
      'a period ending before it starts',
      permission([period('2026-10-05', '2026-10-04')]),
      [['periods.0.endDate', 'before_start']],
    ],
    [
      'a period outside the permission',
      permission([october, period('2026-12-01', '2027-01-31')]),
      [['periods.1', 'outside_permission']],
    ],
    [
      'overlapping periods',
      permission([november, period('2026-10-01', '2026-11-01')]),
      [['periods.0', 'overlapping']],
    ],
  ])('refuses %s', (_name, candidate, problems) => {
    expect(permissionDateProblems(candidate)).toEqual(problems)
  })
})
