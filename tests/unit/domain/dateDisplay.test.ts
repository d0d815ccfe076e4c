import { describe, expect, it } from 'vitest'
import { clockTime, instantDate, shellDate } from '../../../src/domain/dateDisplay'

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
    expect(instantDate('2026-12-31T23:30:00Z', 'Europe/Helsinki')).toBe('1.1.2027')
    expect(clockTime('2026-12-31T23:05:00Z', 'Europe/Helsinki')).toBe('01:05')
    expect(instantDate('2026-12-31T23:30:00Z', 'Europe/London')).toBe('31.12.2026')
  })
})
