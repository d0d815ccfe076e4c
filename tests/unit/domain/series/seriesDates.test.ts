import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import {
  bookedDates,
  rideInstant,
  seriesDates,
  type Holiday,
  type SeriesChoice,
  type Weekday,
} from '../../../../src/domain/series/seriesDates'
import { latestSeriesEnd } from '../../../../src/domain/series/seriesEnd'

const day = (text: string) => Temporal.PlainDate.from(text)
const choice = (
  first: string,
  days: Weekday[],
  until: string,
  more: Partial<Pick<SeriesChoice, 'includeHolidays' | 'removed'>> = {},
): SeriesChoice => ({
  first: day(first),
  days: new Set(days),
  until: day(until),
  includeHolidays: false,
  removed: new Set(),
  ...more,
})
/** The dates of a series as text, a skipped one with why in brackets. */
const shown = (series: SeriesChoice, holidays: readonly Holiday[] = []) =>
  seriesDates(series, holidays).map(({ date, skipped }) =>
    skipped ? `${date} [${skipped}]` : date.toString(),
  )

// Finnish public holidays of the years in the tables (as the server's holiday source names them).
const holidays: Holiday[] = [
  { date: '2026-12-06', name: 'Itsenäisyyspäivä' },
  { date: '2026-12-24', name: 'Jouluaatto' },
  { date: '2026-12-25', name: 'Joulupäivä' },
  { date: '2026-12-26', name: 'Tapaninpäivä' },
  { date: '2027-01-01', name: 'Uudenvuodenpäivä' },
  { date: '2027-01-06', name: 'Loppiainen' },
  { date: '2027-03-26', name: 'Pitkäperjantai' },
  { date: '2027-03-28', name: 'Pääsiäispäivä' },
  { date: '2027-03-29', name: '2. pääsiäispäivä' },
  { date: '2027-06-25', name: 'Juhannusaatto' },
  { date: '2027-06-26', name: 'Juhannuspäivä' },
  { date: '2027-12-06', name: 'Itsenäisyyspäivä' },
]

describe('the dates a series makes', () => {
  it.each([
    [
      'Tuesdays and Thursdays for three weeks',
      choice('2026-11-10', [2, 4], '2026-11-26'),
      ['2026-11-10', '2026-11-12', '2026-11-17', '2026-11-19', '2026-11-24', '2026-11-26'],
    ],
    [
      'a first ride on another weekday, then the chosen ones',
      choice('2026-11-11', [1], '2026-11-23'),
      ['2026-11-11', '2026-11-16', '2026-11-23'],
    ],
    [
      'across the new year, New Year’s Day and Epiphany left out',
      choice('2026-12-29', [3, 5], '2027-01-08'),
      ['2026-12-29', '2026-12-30', '2027-01-01 [holiday]', '2027-01-06 [holiday]', '2027-01-08'],
    ],
    [
      'across the change to summer time, Easter left out',
      choice('2027-03-22', [1, 5], '2027-04-05'),
      ['2027-03-22', '2027-03-26 [holiday]', '2027-03-29 [holiday]', '2027-04-02', '2027-04-05'],
    ],
    [
      'Independence Day and Christmas left out',
      choice('2026-12-01', [4, 7], '2026-12-27'),
      [
        '2026-12-01',
        '2026-12-03',
        '2026-12-06 [holiday]',
        '2026-12-10',
        '2026-12-13',
        '2026-12-17',
        '2026-12-20',
        '2026-12-24 [holiday]',
        '2026-12-27',
      ],
    ],
    [
      'Midsummer Eve and Day left out',
      choice('2027-06-18', [5, 6], '2027-06-26'),
      ['2027-06-18', '2027-06-19', '2027-06-25 [holiday]', '2027-06-26 [holiday]'],
    ],
    [
      'holidays included when the user asks',
      choice('2026-12-22', [4], '2027-01-01', { includeHolidays: true }),
      ['2026-12-22', '2026-12-24', '2026-12-31'],
    ],
    [
      'a date taken out by hand, even a holiday one included',
      choice('2026-12-22', [4], '2027-01-07', { includeHolidays: true, removed: new Set(['2026-12-31']) }),
      ['2026-12-22', '2026-12-24', '2026-12-31 [removed]', '2027-01-07'],
    ],
    [
      'the first ride kept even on a holiday or taken out',
      choice('2026-12-24', [4], '2027-01-07', { removed: new Set(['2026-12-24']) }),
      ['2026-12-24', '2026-12-31', '2027-01-07'],
    ],
    [
      'an end before the next chosen day: the first ride alone',
      choice('2026-11-10', [1], '2026-11-15'),
      ['2026-11-10'],
    ],
  ])('%s', (_name, series, expected) => {
    expect(shown(series, holidays)).toEqual(expected)
  })

  it('names the holiday of each date, booked or not', () => {
    const dates = seriesDates(choice('2026-12-22', [4], '2026-12-31', { includeHolidays: true }), holidays)
    expect(dates.map(({ holiday }) => holiday)).toEqual([null, 'Jouluaatto', null])
    expect(bookedDates(dates).map(String)).toEqual(['2026-12-22', '2026-12-24', '2026-12-31'])
  })
})

describe('the latest end a series may choose', () => {
  const periods = (...months: [string, string][]) =>
    months.map(([startDate, endDate]) => ({ startDate, endDate }))

  it.each([
    [
      'the last day of the permission’s last period',
      '2026-12-01',
      periods(['2026-11-01', '2026-11-30'], ['2026-12-01', '2026-12-31']),
      13,
      '2026-12-31',
    ],
    [
      '13 weeks when the permission goes on longer',
      '2026-12-01',
      periods(['2026-12-01', '2027-12-31']),
      13,
      '2027-03-02',
    ],
    ['the tenant’s own horizon', '2026-12-01', periods(['2026-12-01', '2027-12-31']), 4, '2026-12-29'],
    [
      'a period that ends on the first ride’s day',
      '2026-12-31',
      periods(['2026-12-01', '2026-12-31']),
      13,
      '2026-12-31',
    ],
  ])('%s', (_name, first, given, weeks, expected) => {
    expect(latestSeriesEnd(day(first), given, weeks)?.toString()).toBe(expected)
  })

  it('is none when no period reaches the first ride', () => {
    expect(latestSeriesEnd(day('2027-01-05'), periods(['2026-12-01', '2026-12-31']))).toBeNull()
  })
})

describe('each ride’s time', () => {
  const first = Temporal.ZonedDateTime.from('2027-03-23T08:00[Europe/Helsinki]')

  it.each([
    ['in winter', '2027-03-25', '2027-03-25T06:00:00Z'],
    ['after the change to summer time', '2027-03-30', '2027-03-30T05:00:00Z'],
    ['after the change back to winter time', '2027-11-02', '2027-11-02T06:00:00Z'],
    ['in the new year', '2028-01-04', '2028-01-04T06:00:00Z'],
  ])('keeps the first ride’s 08:00 %s', (_name, date, instant) => {
    expect(rideInstant(day(date), first).toString()).toBe(instant)
  })
})
