import { describe, expect, it } from 'vitest'
import { formatCalendarDate, formatDate, formatTime } from '../../../src/domain/dateTimeFormat'

describe('display formats (spec section 9)', () => {
  it.each([
    ['2025-09-30', '30.9.2025'],
    ['2023-01-25', '25.1.2023'],
    ['2023-01-05', '5.1.2023'],
    ['2024-12-23', '23.12.2024'],
  ])('a calendar date %s reads %s', (iso, expected) => {
    expect(formatCalendarDate(iso)).toBe(expected)
  })

  it("shows an instant's date and time in the tenant's zone", () => {
    // 23:30 UTC on New Year's Eve is already the next day in Helsinki.
    expect(formatDate('2026-12-31T23:30:00Z', 'Europe/Helsinki')).toBe('1.1.2027')
    expect(formatTime('2026-12-31T23:05:00Z', 'Europe/Helsinki')).toBe('01:05')
    expect(formatDate('2026-12-31T23:30:00Z', 'Europe/London')).toBe('31.12.2026')
  })
})
