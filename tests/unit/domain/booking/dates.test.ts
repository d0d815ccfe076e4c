import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import {
  checkDateText,
  checkTextPickerDate,
  daysInMonth,
  isDaySelectEnabled,
  normalizeSelection,
  parseDateText,
  pickerDays,
  pickerMonths,
  pickerYears,
  selectionDate,
  type DateSelection,
} from '../../../../src/domain/booking/dates'
import { shellDate, wizardDate } from '../../../../src/domain/dateDisplay'

const day = (text: string) => Temporal.PlainDate.from(text)
const today = day('2026-11-21')

describe('reading a typed date (spec section 5: three formats, years 1900 to 2999)', () => {
  it.each([
    ['21.11.2026', '2026-11-21'],
    ['5.3.2026', '2026-03-05'],
    ['05.03.2026', '2026-03-05'],
    ['11/21/2026', '2026-11-21'],
    ['3/5/2026', '2026-03-05'],
    ['2026-11-21', '2026-11-21'],
    ['2026-3-5', '2026-03-05'],
    [' 21.11.2026 ', '2026-11-21'],
    ['29.2.2028', '2028-02-29'],
    ['29.2.2000', '2000-02-29'],
    ['1.1.1900', '1900-01-01'],
    ['31.12.2999', '2999-12-31'],
    ['30.4.2026', '2026-04-30'],
  ])('%j is %s', (text, iso) => {
    expect(parseDateText(text)?.toString()).toBe(iso)
  })

  it.each([
    ['29.2.2027', 'not a leap year'],
    ['29.2.1900', '1900 is not a leap year'],
    ['31.4.2026', 'April has 30 days'],
    ['32.1.2026', 'day above 31'],
    ['0.1.2026', 'day 0'],
    ['1.13.2026', 'month 13'],
    ['1.0.2026', 'month 0'],
    ['31.12.1899', 'before 1900'],
    ['1.1.3000', 'after 2999'],
    ['21.11.26', 'two-digit year'],
    ['21.11.02026', 'five-digit year'],
    ['21/11/2026', 'day first with slashes is month/day/year: month 21'],
    ['2026-11-21T10:00', 'a time'],
    ['2026.11.21', 'year first with dots'],
    ['21-11-2026', 'day first with dashes'],
    ['21.11.', 'no year'],
    ['tomorrow', 'words'],
  ])('%j is not a date (%s)', (text) => {
    expect(parseDateText(text)).toBeNull()
  })

  it.each(['2026-01-05', '2028-02-29', '2099-12-31'])(
    'reads back what the display module shows for %s',
    (iso) => {
      expect(parseDateText(wizardDate(iso))?.toString()).toBe(iso)
      expect(parseDateText(shellDate(iso))?.toString()).toBe(iso)
    },
  )
})

describe('the three messages (default minimum today)', () => {
  it.each([
    ['', { ok: false, problem: 'mustNotBeEmpty' }],
    ['   ', { ok: false, problem: 'mustNotBeEmpty' }],
    ['21.13.2026', { ok: false, problem: 'checkDateFormat' }],
    ['20.11.2026', { ok: false, problem: 'dateBeforeMin', min: today }],
    ['1.1.1900', { ok: false, problem: 'dateBeforeMin', min: today }],
  ])('%j -> %o', (text, expected) => {
    expect(checkDateText(text, { min: today })).toEqual(expected)
  })

  it.each(['21.11.2026', '22.11.2026', '1.1.2999'])('%j is accepted without a maximum', (text) => {
    expect(checkDateText(text, { min: today }).ok).toBe(true)
  })

  it('names the minimum so the message can show it as D.M.YYYY', () => {
    const check = checkDateText('1.11.2026', { min: day('2026-11-05') })
    expect(check.ok === false && check.problem === 'dateBeforeMin' && shellDate(check.min)).toBe('5.11.2026')
  })
})

describe('the text picker (1900-01-01 to 2099-12-31)', () => {
  it.each([
    ['31.12.2099', true],
    ['2099-12-31', true],
    ['1.1.2100', false],
    ['1/1/2100', false],
  ])('%j accepted: %s', (text, ok) => {
    expect(checkTextPickerDate(text, today).ok).toBe(ok)
  })

  it('accepts 1.1.1900 when the minimum allows it', () => {
    expect(checkTextPickerDate('1.1.1900', day('1900-01-01'))).toEqual({ ok: true, date: day('1900-01-01') })
  })

  it('says check date format after 2099', () => {
    expect(checkTextPickerDate('1.1.2100', today)).toEqual({ ok: false, problem: 'checkDateFormat' })
  })
})

describe('the three-select picker', () => {
  const empty: DateSelection = { year: null, month: null, day: null }

  it('offers the current and the next year', () => {
    expect(pickerYears(today)).toEqual([2026, 2027])
  })

  it.each([
    [2026, [11, 12]],
    [2027, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
    [null, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
  ])('in %s offers months %j', (year, months) => {
    expect(pickerMonths(year, today)).toEqual(months)
  })

  it.each([
    [{ year: null, month: null, day: null }, false],
    [{ year: 2026, month: null, day: null }, false],
    [{ year: null, month: 11, day: null }, false],
    [{ year: 2026, month: 11, day: null }, true],
  ])('day select enabled for %o: %s', (selection, enabled) => {
    expect(isDaySelectEnabled(selection)).toBe(enabled)
  })

  it.each([
    [{ ...empty, year: 2026 }, 0, undefined],
    [{ year: 2026, month: 11, day: null }, 10, 21],
    [{ year: 2026, month: 12, day: null }, 31, 1],
    [{ year: 2027, month: 2, day: null }, 28, 1],
    [{ year: 2028, month: 2, day: null }, 29, 1],
    [{ year: 2027, month: 4, day: null }, 30, 1],
  ])('for %o offers %d days from %s', (selection, count, first) => {
    const days = pickerDays(selection, today)
    expect(days).toHaveLength(count)
    expect(days[0]).toBe(first)
  })

  it.each([
    [2028, 2, 29],
    [2027, 2, 28],
    [2000, 2, 29],
    [2100, 2, 28],
    [2026, 4, 30],
    [2026, 12, 31],
  ])('%d-%d has %d days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days)
  })

  it.each([
    ['an incomplete choice stays', { year: 2027, month: null, day: 5 }, { year: 2027, month: null, day: 5 }],
    ['a later date stays', { year: 2027, month: 3, day: 31 }, { year: 2027, month: 3, day: 31 }],
    ['31. in April becomes 30.', { year: 2027, month: 4, day: 31 }, { year: 2027, month: 4, day: 30 }],
    [
      '29.2. of a common year becomes 28.',
      { year: 2027, month: 2, day: 29 },
      { year: 2027, month: 2, day: 28 },
    ],
    ['29.2. of a leap year stays', { year: 2028, month: 2, day: 29 }, { year: 2028, month: 2, day: 29 }],
    ['an earlier day resets to today', { year: 2026, month: 11, day: 3 }, { year: 2026, month: 11, day: 21 }],
    [
      'an earlier month resets to today',
      { year: 2026, month: 5, day: null },
      { year: 2026, month: 11, day: 21 },
    ],
    ['today stays', { year: 2026, month: 11, day: 21 }, { year: 2026, month: 11, day: 21 }],
  ])('%s', (_, selection, expected) => {
    expect(normalizeSelection(selection, today)).toEqual(expected)
  })

  it('has a date only when all three are chosen', () => {
    expect(selectionDate({ year: 2026, month: 12, day: null })).toBeNull()
    expect(selectionDate({ year: 2026, month: 12, day: 24 })).toEqual(day('2026-12-24'))
  })
})
