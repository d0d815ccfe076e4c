import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { clockTime, instantDate, shellDate, timeOrDate, wizardDate } from '../../../src/domain/dateDisplay'

const helsinki = 'Europe/Helsinki'

describe('display formats (spec section 9)', () => {
  it.each([
    ['2025-09-30', '30.9.2025'],
    ['2023-01-25', '25.1.2023'],
    ['2023-01-05', '5.1.2023'],
    ['2024-12-23', '23.12.2024'],
  ])('a calendar date %s reads %s', (iso, expected) => {
    expect(shellDate(iso)).toBe(expected)
  })

  it("shows an instant's date and time in the tenant's zone", () => {
    // 23:30 UTC on New Year's Eve is already the next day in Helsinki.
    expect(instantDate('2026-12-31T23:30:00Z', helsinki)).toBe('1.1.2027')
    expect(clockTime('2026-12-31T23:05:00Z', helsinki)).toBe('01:05')
    expect(instantDate('2026-12-31T23:30:00Z', 'Europe/London')).toBe('31.12.2026')
  })
})

describe('D.M.YYYY, the shell and the date helper', () => {
  it.each([
    ['2026-03-05', '5.3.2026'],
    ['2026-10-05', '5.10.2026'],
    ['2026-03-15', '15.3.2026'],
    ['2026-11-30', '30.11.2026'],
    ['1900-01-01', '1.1.1900'],
    ['2999-12-31', '31.12.2999'],
  ])('writes %s without leading zeros as %s', (iso, expected) => {
    expect(shellDate(iso)).toBe(expected)
    expect(shellDate(Temporal.PlainDate.from(iso))).toBe(expected)
  })
})

describe('DD.MM.YYYY, booking and cancel', () => {
  it.each([
    ['2026-03-05', '05.03.2026'],
    ['2026-10-05', '05.10.2026'],
    ['2026-03-15', '15.03.2026'],
    ['2026-11-30', '30.11.2026'],
    ['2027-01-01', '01.01.2027'],
  ])('pads %s to %s', (iso, expected) => {
    expect(wizardDate(iso)).toBe(expected)
    expect(wizardDate(Temporal.PlainDate.from(iso))).toBe(expected)
  })
})

describe("an instant's date and HH:mm in the tenant's zone", () => {
  it.each([
    // Winter in Helsinki is UTC+2: midnight starts at 22:00 UTC the evening before.
    ['2026-11-22T21:59:00Z', helsinki, '22.11.2026', '23:59'],
    ['2026-11-22T22:00:00Z', helsinki, '23.11.2026', '00:00'],
    ['2026-11-22T22:01:00Z', helsinki, '23.11.2026', '00:01'],
    // Summer is UTC+3: a UTC evening is the next day in Helsinki.
    ['2026-06-30T21:30:00Z', helsinki, '1.7.2026', '00:30'],
    ['2026-06-30T20:59:00Z', helsinki, '30.6.2026', '23:59'],
    // Single-digit hours and minutes get a leading zero; single-digit days and months do not.
    ['2026-02-03T07:04:00Z', helsinki, '3.2.2026', '09:04'],
    ['2026-12-09T10:30:00Z', helsinki, '9.12.2026', '12:30'],
    ['2026-11-21T10:00:00+02:00', helsinki, '21.11.2026', '10:00'],
  ])('%s in %s is %s %s', (instant, timeZone, date, time) => {
    expect(instantDate(instant, timeZone)).toBe(date)
    expect(clockTime(instant, timeZone)).toBe(time)
  })

  it('takes a Temporal.Instant as well as its ISO string', () => {
    const instant = Temporal.Instant.from('2026-06-30T21:30:00Z')
    expect(instantDate(instant, helsinki)).toBe('1.7.2026')
    expect(clockTime(instant, helsinki)).toBe('00:30')
  })

  describe('on the days Helsinki changes its clocks', () => {
    it.each([
      // 29 March 2026: 03:00 EET becomes 04:00 EEST at 01:00 UTC, so no clock shows 03:xx.
      ['2026-03-28T22:00:00Z', '29.3.2026', '00:00'],
      ['2026-03-29T00:59:00Z', '29.3.2026', '02:59'],
      ['2026-03-29T01:00:00Z', '29.3.2026', '04:00'],
      ['2026-03-29T20:59:00Z', '29.3.2026', '23:59'],
      ['2026-03-29T21:00:00Z', '30.3.2026', '00:00'],
      // 25 October 2026: 04:00 EEST becomes 03:00 EET at 01:00 UTC, so 03:30 happens twice.
      ['2026-10-24T21:00:00Z', '25.10.2026', '00:00'],
      ['2026-10-25T00:30:00Z', '25.10.2026', '03:30'],
      ['2026-10-25T01:30:00Z', '25.10.2026', '03:30'],
      ['2026-10-25T21:59:00Z', '25.10.2026', '23:59'],
      ['2026-10-25T22:00:00Z', '26.10.2026', '00:00'],
    ])('%s is %s %s', (instant, date, time) => {
      expect(instantDate(instant, helsinki)).toBe(date)
      expect(clockTime(instant, helsinki)).toBe(time)
    })
  })

  describe("in other tenants' zones", () => {
    it.each([
      ['2026-07-01T21:15:00Z', 'Europe/London', '1.7.2026', '22:15'],
      ['2026-01-15T23:15:00Z', 'Europe/London', '15.1.2026', '23:15'],
      ['2026-07-01T04:15:00Z', 'US/Central', '30.6.2026', '23:15'],
      ['2026-01-15T06:00:00Z', 'US/Central', '15.1.2026', '00:00'],
      ['2026-12-31T15:00:00Z', 'Asia/Tokyo', '1.1.2027', '00:00'],
      ['2026-01-15T12:00:00Z', 'America/St_Johns', '15.1.2026', '08:30'],
      ['2026-01-15T00:00:00Z', 'Asia/Kathmandu', '15.1.2026', '05:45'],
      ['2026-01-15T00:00:00Z', 'UTC', '15.1.2026', '00:00'],
    ])('%s in %s is %s %s', (instant, timeZone, date, time) => {
      expect(instantDate(instant, timeZone)).toBe(date)
      expect(clockTime(instant, timeZone)).toBe(time)
    })

    it('shows the same instant differently per zone', () => {
      const instant = '2026-11-21T22:30:00Z'
      expect([helsinki, 'Europe/London', 'US/Central'].map((zone) => instantDate(instant, zone))).toEqual([
        '22.11.2026',
        '21.11.2026',
        '21.11.2026',
      ])
      expect([helsinki, 'Europe/London', 'US/Central'].map((zone) => clockTime(instant, zone))).toEqual([
        '00:30',
        '22:30',
        '16:30',
      ])
    })
  })
})

describe('time today, else the date', () => {
  const now = Temporal.Instant.from('2026-11-23T10:00:00Z') // 12:00 in Helsinki

  it("is HH:mm for an instant on today's date in the tenant's zone", () => {
    expect(timeOrDate('2026-11-23T06:05:00Z', now, helsinki)).toEqual({ today: true, text: '08:05' })
    expect(timeOrDate('2026-11-22T22:00:00Z', now, helsinki)).toEqual({ today: true, text: '00:00' })
  })

  it('is D.M.YYYY for an earlier day, even one minute before midnight', () => {
    expect(timeOrDate('2026-11-22T21:59:00Z', now, helsinki)).toEqual({ today: false, text: '22.11.2026' })
    expect(timeOrDate('2026-10-03T09:00:00Z', now, helsinki)).toEqual({ today: false, text: '3.10.2026' })
  })

  it('compares the dates in the zone, not in UTC', () => {
    // Just after midnight in Helsinki, a sync at 23:50 Helsinki time was yesterday, in London it was today.
    const afterMidnight = Temporal.Instant.from('2026-11-23T22:05:00Z')
    expect(timeOrDate('2026-11-23T21:50:00Z', afterMidnight, helsinki)).toEqual({
      today: false,
      text: '23.11.2026',
    })
    expect(timeOrDate('2026-11-23T21:50:00Z', afterMidnight, 'Europe/London')).toEqual({
      today: true,
      text: '21:50',
    })
  })

  it('holds on a day the clocks change', () => {
    const evening = Temporal.Instant.from('2026-10-25T20:00:00Z') // 22:00 EET
    expect(timeOrDate('2026-10-24T21:00:00Z', evening, helsinki)).toEqual({ today: true, text: '00:00' })
    expect(timeOrDate('2026-10-24T20:59:00Z', evening, helsinki)).toEqual({
      today: false,
      text: '24.10.2026',
    })
  })
})
