import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { seriesRides, type SeriesRides } from '../../../../src/domain/series/seriesRides'

const timeZone = 'Europe/Helsinki'
const day = (text: string) => Temporal.PlainDate.from(text)

/** The rides of a series request as text (each ride's wall-clock time in Helsinki), or its problem. */
function rides(dates: string[], weekdays: number[], until: string, first: string): string[] | string {
  const outcome: SeriesRides = seriesRides(
    { dates: dates.map(day), weekdays: new Set(weekdays), until: day(until) },
    Temporal.ZonedDateTime.from(`${first}[${timeZone}]`),
  )
  return outcome.ok
    ? outcome.rides.map((ride) => ride.toZonedDateTimeISO(timeZone).toPlainDateTime().toString())
    : `dates.${outcome.index}: ${outcome.problem}`
}

// 2027-01-11, -18 and -25 are Mondays.
const mondays = ['2027-01-11', '2027-01-18', '2027-01-25']

describe('the rides a series request books', () => {
  it.each([
    [
      'Mondays at 09:00 on each Monday',
      [mondays, [1], '2027-01-25', '2027-01-11T09:00'],
      ['2027-01-11T09:00:00', '2027-01-18T09:00:00', '2027-01-25T09:00:00'],
    ],
    [
      "a return at 00:30 on the day after each of its outbound's Mondays, the last after until",
      [mondays, [1], '2027-01-25', '2027-01-12T00:30'],
      ['2027-01-12T00:30:00', '2027-01-19T00:30:00', '2027-01-26T00:30:00'],
    ],
    [
      'a return at 03:59, the last minute past midnight that still follows its outbound',
      [mondays, [1], '2027-01-25', '2027-01-12T03:59'],
      ['2027-01-12T03:59:00', '2027-01-19T03:59:00', '2027-01-26T03:59:00'],
    ],
    [
      'a first ride off the weekdays, the chosen ones after it',
      [['2027-01-13', '2027-01-18', '2027-01-25'], [1], '2027-01-25', '2027-01-13T08:00'],
      ['2027-01-13T08:00:00', '2027-01-18T08:00:00', '2027-01-25T08:00:00'],
    ],
    [
      'the wall-clock time kept across the change to summer time (28 March 2027)',
      [['2027-03-22', '2027-03-29'], [1], '2027-03-29', '2027-03-22T08:00'],
      ['2027-03-22T08:00:00', '2027-03-29T08:00:00'],
    ],
  ] as const)('books %s', (_name, [dates, weekdays, until, first], expected) => {
    expect(rides([...dates], [...weekdays], until, first)).toEqual(expected)
  })

  it.each([
    [
      'Mondays booked at 09:00 on the Tuesday',
      [mondays, [1], '2027-01-25', '2027-01-12T09:00'],
      'dates.0: notFirstRide',
    ],
    [
      'a return at 04:00 the day after',
      [mondays, [1], '2027-01-25', '2027-01-12T04:00'],
      'dates.0: notFirstRide',
    ],
    [
      'a first ride two days after its date',
      [mondays, [1], '2027-01-25', '2027-01-13T00:30'],
      'dates.0: notFirstRide',
    ],
    [
      'a first ride the day before its date',
      [mondays, [1], '2027-01-25', '2027-01-10T23:30'],
      'dates.0: notFirstRide',
    ],
    ['a first date after until', [mondays, [1], '2027-01-10', '2027-01-11T09:00'], 'dates.0: afterUntil'],
    ['a later date after until', [mondays, [1], '2027-01-24', '2027-01-11T09:00'], 'dates.2: afterUntil'],
    [
      'a later date off the weekdays',
      [['2027-01-11', '2027-01-19'], [1], '2027-01-25', '2027-01-11T09:00'],
      'dates.1: offWeekday',
    ],
    [
      'dates out of order',
      [['2027-01-11', '2027-01-25', '2027-01-18'], [1], '2027-01-25', '2027-01-11T09:00'],
      'dates.2: outOfOrder',
    ],
    [
      'a date twice',
      [['2027-01-11', '2027-01-18', '2027-01-18'], [1], '2027-01-25', '2027-01-11T09:00'],
      'dates.2: outOfOrder',
    ],
  ] as const)('refuses %s', (_name, [dates, weekdays, until, first], expected) => {
    expect(rides([...dates], [...weekdays], until, first)).toBe(expected)
  })
})
