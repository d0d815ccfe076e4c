import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import {
  bookingInstant,
  bookingToday,
  defaultBookingTime,
  laterCapped,
  parseTimeField,
  timeFieldInput,
  timeFieldMinutes,
  timeFieldText,
} from '../../../../src/domain/booking/time'

const helsinki = 'Europe/Helsinki'
const at = (text: string) => Temporal.Instant.from(text)

describe('the time field (spec section 5: digits only, at most 4)', () => {
  it.each([
    ['0930', '0930'],
    ['09:30', '0930'],
    ['9a3b0', '930'],
    ['123456', '1234'],
    ['', ''],
  ])('keeps %j as %j', (raw, kept) => {
    expect(timeFieldInput(raw)).toBe(kept)
  })

  it.each([
    ['09:30', 570],
    ['9:30', 570],
    ['0930', 570],
    ['930', 570],
    ['9', 540],
    ['09', 540],
    ['0', 0],
    ['00:00', 0],
    ['23:59', 1439],
    ['2359', 1439],
    [' 12:05 ', 725],
    ['', 'timeRequired'],
    ['  ', 'timeRequired'],
    ['24:00', 'checkTimeFormat'],
    ['2400', 'checkTimeFormat'],
    ['24', 'checkTimeFormat'],
    ['12:60', 'checkTimeFormat'],
    ['1260', 'checkTimeFormat'],
    ['12345', 'checkTimeFormat'],
    ['12:5', 'checkTimeFormat'],
    ['9.30', 'checkTimeFormat'],
    ['-1', 'checkTimeFormat'],
    ['ab', 'checkTimeFormat'],
  ])('%j -> %j', (text, expected) => {
    expect(parseTimeField(text)).toBe(expected)
  })

  it.each([
    [600, null, 600],
    [600, 540, 600],
    [540, 540, 540],
    [480, 540, 1920],
    [0, 1439, 1440],
  ])('%d with the from time %s is stored as %d', (minutes, from, stored) => {
    expect(timeFieldMinutes(minutes, from)).toBe(stored)
  })

  it.each([
    [0, '00:00'],
    [570, '09:30'],
    [1439, '23:59'],
    [1920, '08:00'],
  ])('%d shows %s', (minutes, text) => {
    expect(timeFieldText(minutes)).toBe(text)
  })
})

describe('later, capped at end of day', () => {
  it.each([
    [600, 60, 660],
    [1378, 60, 1438],
    [1379, 60, 1439],
    [1380, 60, 1439],
    [1439, 60, 1439],
    [1435, 5, 1439],
    [1434, 5, 1439],
    [1433, 5, 1438],
    [1500, 60, 1560],
    [2870, 60, 2879],
  ])('%d + %d -> %d', (minutes, offset, expected) => {
    expect(laterCapped(minutes, offset)).toBe(expected)
  })
})

describe('the default booking time: now + 5 minutes, capped at 23:59 (Helsinki)', () => {
  it.each([
    ['10:00', '2026-11-21', '10:05'],
    ['10:00:59', '2026-11-21', '10:05'],
    ['23:53', '2026-11-21', '23:58'],
    ['23:54', '2026-11-21', '23:59'],
    ['23:54:30', '2026-11-21', '23:59'],
    ['23:55', '2026-11-21', '23:59'],
    ['23:57', '2026-11-21', '23:59'],
    ['23:59:59', '2026-11-21', '23:59'],
    ['00:00', '2026-11-21', '00:05'],
  ])('at %s the default is %s %s', (clock, date, time) => {
    const now = Temporal.PlainDateTime.from(`2026-11-21T${clock}`).toZonedDateTime(helsinki).toInstant()
    const chosen = defaultBookingTime(now, helsinki)
    expect(chosen.date).toBe(date)
    expect(timeFieldText(chosen.time)).toBe(time)
  })

  it("uses the tenant's zone, not UTC: 21:58 UTC is 23:58 in Helsinki", () => {
    expect(defaultBookingTime(at('2026-11-21T21:58:00Z'), helsinki)).toEqual({
      date: '2026-11-21',
      time: 1439,
    })
    expect(defaultBookingTime(at('2026-11-21T21:58:00Z'), 'Europe/London')).toEqual({
      date: '2026-11-21',
      time: 22 * 60 + 3,
    })
  })

  it('is today in the zone also just after midnight there', () => {
    expect(bookingToday(at('2026-11-21T22:30:00Z'), helsinki).toString()).toBe('2026-11-22')
  })
})

describe("the booking's instant in the tenant's zone", () => {
  it.each([
    ['2026-11-21', 570, '2026-11-21T07:30:00Z'],
    ['2026-07-01', 570, '2026-07-01T06:30:00Z'],
    ['2026-11-21', 1920, '2026-11-22T06:00:00Z'],
    ['2026-12-31', 1440 + 30, '2026-12-31T22:30:00Z'],
  ])('%s at %d minutes is %s', (date, minutes, instant) => {
    expect(bookingInstant(date, minutes, helsinki).toString()).toBe(instant)
  })
})
