import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { dayLabel, monthName, monthTitle, weekdayName } from '../../../src/domain/calendarWords'

describe("the calendar's words, in the locale", () => {
  const monday = Temporal.PlainDate.from('2026-11-23')
  const newYear = Temporal.PlainDate.from('2026-01-01')

  it('names the month and year', () => {
    expect(monthTitle(monday, 'en')).toBe('November 2026')
    expect(monthTitle(monday, 'fi')).toBe('marraskuu 2026')
    expect(monthTitle(monday, 'sv')).toBe('november 2026')
    // The first of a month stays in it whatever the device's zone.
    expect(monthTitle(newYear, 'en')).toBe('January 2026')
  })

  it('names the weekday, long and short', () => {
    expect(weekdayName(monday, 'en', 'long')).toBe('Monday')
    expect(weekdayName(monday, 'en', 'short')).toBe('Mon')
    expect(weekdayName(monday, 'fi', 'short')).toBe('ma')
    expect(weekdayName(monday, 'sv', 'long')).toBe('måndag')
  })

  it('names a day in full for assistive technology', () => {
    expect(dayLabel(monday, 'en')).toBe('Monday, November 23, 2026')
    expect(dayLabel(newYear, 'en')).toBe('Thursday, January 1, 2026')
    expect(dayLabel(monday, 'fi')).toMatch(/23\. marraskuuta 2026/)
    expect(dayLabel(monday, 'sv')).toMatch(/måndag 23 november 2026/)
  })

  it('names a month alone, as the date selects list them', () => {
    expect(monthName(1, 'en')).toBe('January')
    expect(monthName(3, 'fi')).toBe('maaliskuu')
    expect(monthName(12, 'sv')).toBe('december')
  })
})
