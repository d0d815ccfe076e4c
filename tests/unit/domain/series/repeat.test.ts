import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import type { QuotaPeriod } from '../../../../src/contract/permissions'
import { repeatOutcome } from '../../../../src/domain/series/repeat'
import {
  newRepeat,
  onRideDays,
  returnRepeat,
  withRemoved,
  withWeekday,
  type RepeatChoice,
} from '../../../../src/domain/series/repeatChoice'
import { quotaWith } from '../booking/fixtures'

const december = (totalQuota: number): QuotaPeriod => ({
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  totalQuota,
  usedQuota: 0,
  totalExpressQuota: 0,
  usedExpressQuota: 0,
  savedToNext: 0,
  borrowed: 0,
})
const facts = (totalQuota = 10, holidays = [{ date: '2026-12-24', name: 'Jouluaatto' }]) => ({
  first: '2026-12-01',
  quota: quotaWith({ periods: [december(totalQuota)] }),
  holidays,
  price: 2.5,
  horizonWeeks: 13,
})
const tuesdaysAndThursdays: RepeatChoice = {
  weekdays: [2, 4],
  until: '2026-12-17',
  includeHolidays: false,
  removed: [],
  within: null,
  fitOnly: false,
}

describe('the wizard’s repeat choice', () => {
  it('starts on the first ride’s weekday four weeks on, or at the end of the permission’s last period', () => {
    expect(newRepeat('2026-12-01', facts().quota, 13)).toMatchObject({ weekdays: [2], until: '2026-12-29' })
    expect(newRepeat('2026-12-15', facts().quota, 13)).toMatchObject({ until: '2026-12-31' })
    expect(newRepeat('2026-12-15', facts().quota, 1)).toMatchObject({ until: '2026-12-22' })
  })

  it('keeps weekdays in week order and puts a removed date back', () => {
    const choice = withWeekday(withWeekday(tuesdaysAndThursdays, 1, true), 4, false)
    expect(choice.weekdays).toEqual([1, 2])
    const removed = withRemoved(withRemoved(choice, '2026-12-10', true), '2026-12-08', true)
    expect(removed.removed).toEqual(['2026-12-08', '2026-12-10'])
    expect(withRemoved(removed, '2026-12-10', false).removed).toEqual(['2026-12-08'])
  })

  it('sends the dates, the weekdays and the end once nothing stops the save', () => {
    const outcome = repeatOutcome(tuesdaysAndThursdays, facts())
    expect(outcome.problems).toEqual([])
    expect(outcome.latest).toBe('2026-12-31')
    expect(outcome.series).toEqual({
      weekdays: [2, 4],
      until: '2026-12-17',
      dates: ['2026-12-01', '2026-12-03', '2026-12-08', '2026-12-10', '2026-12-15', '2026-12-17'],
      fitOnly: false,
    })
    expect(outcome.plan!.deductibleSum).toBe(15)
  })

  it.each([
    [{ until: null }, ['untilInvalid']],
    [{ until: '2026-12-01' }, ['untilBeforeFirst']],
    [{ until: '2027-01-05' }, ['untilAfterLatest']],
    [{ weekdays: [] }, ['noWeekday']],
    [{ weekdays: [1], until: '2026-12-06' }, ['onlyFirst']],
  ] as [Partial<RepeatChoice>, string[]][])('stops the save on %o', (change, problems) => {
    const outcome = repeatOutcome({ ...tuesdaysAndThursdays, ...change }, facts())
    expect(outcome.problems).toEqual(problems)
    expect(outcome.series).toBeNull()
  })

  it('waits for the holidays, and cannot repeat without a period after the first ride', () => {
    expect(repeatOutcome(tuesdaysAndThursdays, { ...facts(), holidays: null }).problems).toEqual([
      'holidaysUnknown',
    ])
    const none = repeatOutcome(tuesdaysAndThursdays, { ...facts(), quota: quotaWith({ periods: [] }) })
    expect(none).toEqual({ latest: null, plan: null, problems: ['noPeriod'], series: null })
  })

  it('books only the dates that fit when the user chose so, never without the first', () => {
    expect(repeatOutcome(tuesdaysAndThursdays, facts(4)).problems).toEqual(['unfit'])
    const fitting = repeatOutcome({ ...tuesdaysAndThursdays, fitOnly: true }, facts(4))
    expect(fitting.series?.dates).toEqual(['2026-12-01', '2026-12-03', '2026-12-08', '2026-12-10'])
    expect(repeatOutcome({ ...tuesdaysAndThursdays, fitOnly: true }, facts(0)).problems).toEqual(['unfit'])
  })

  it('repeats a return only on its outbound’s dates, a holiday among them included', () => {
    const outbound = { ...tuesdaysAndThursdays, until: '2026-12-31', includeHolidays: true }
    const booked = ['2026-12-01', '2026-12-10', '2026-12-24']
    const back = returnRepeat(
      { weekdays: [2, 4], until: '2026-12-31', dates: booked, fitOnly: false },
      booked,
    )
    expect(back).toMatchObject({ weekdays: [2, 4], until: '2026-12-31', within: booked })
    expect(repeatOutcome(back, facts()).series?.dates).toEqual(booked)
    expect(repeatOutcome(outbound, facts()).series?.dates).toContain('2026-12-24')
  })
})

// December 2026: the 1st is a Tuesday, the 31st, the permission's last day, a Thursday.
describe('a return’s series on its rides’ own days', () => {
  it.each([
    [
      'at 17:00 after an 18:00 outbound: the day after each date, each weekday and the end a day on',
      [
        [2, 4],
        '2026-12-17',
        ['2026-12-01', '2026-12-03', '2026-12-08', '2026-12-10', '2026-12-15', '2026-12-17'],
      ],
      true,
      [
        [3, 5],
        '2026-12-18',
        ['2026-12-02', '2026-12-04', '2026-12-09', '2026-12-11', '2026-12-16', '2026-12-18'],
      ],
    ],
    [
      'past midnight: none the day after a date its outbound skipped',
      [[2, 4], '2026-12-17', ['2026-12-01', '2026-12-10', '2026-12-17']],
      true,
      [[3, 5], '2026-12-18', ['2026-12-02', '2026-12-11', '2026-12-18']],
    ],
    [
      'past midnight after Sundays: on Mondays, the first weekday',
      [[4, 7], '2026-12-13', ['2026-12-03', '2026-12-06', '2026-12-10', '2026-12-13']],
      true,
      [[1, 5], '2026-12-14', ['2026-12-04', '2026-12-07', '2026-12-11', '2026-12-14']],
    ],
    [
      'past midnight after the permission’s last day: not then, the end the latest end',
      [[4], '2026-12-31', ['2026-12-03', '2026-12-10', '2026-12-17', '2026-12-24', '2026-12-31']],
      true,
      [[5], '2026-12-31', ['2026-12-04', '2026-12-11', '2026-12-18', '2026-12-25']],
    ],
    [
      'on its outbound’s day: its outbound’s dates',
      [[2, 4], '2026-12-17', ['2026-12-01', '2026-12-10', '2026-12-17']],
      false,
      [[2, 4], '2026-12-17', ['2026-12-01', '2026-12-10', '2026-12-17']],
    ],
  ] as const)('repeats a return %s', (_name, [weekdays, until, booked], nextDay, [days, end, dates]) => {
    const outbound = { weekdays: [...weekdays], until, dates: [...booked], fitOnly: false }
    const first = Temporal.PlainDate.from(booked[0])
      .add({ days: nextDay ? 1 : 0 })
      .toString()
    const outcome = repeatOutcome(onRideDays(returnRepeat(outbound, booked), nextDay), { ...facts(), first })
    expect(outcome.problems).toEqual([])
    expect(outcome.plan!.dates.map(({ date }) => date.toString())).toEqual(dates)
    expect(outcome.series).toEqual({ weekdays: days, until: end, dates, fitOnly: false })
  })

  it('keeps a choice made on the summary, which names the rides’ own days already', () => {
    expect(onRideDays(tuesdaysAndThursdays, true)).toBe(tuesdaysAndThursdays)
  })
})
