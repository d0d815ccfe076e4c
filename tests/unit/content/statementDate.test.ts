import { describe, expect, it } from 'vitest'
import { formatStatementDate } from '../../../src/content/statementDate'

describe('statement dates', () => {
  it.each([
    ['fi', '2025-09-30', '30.9.2025'],
    ['sv', '2025-09-30', '30.9.2025'],
    ['en', '2025-09-30', '30 September 2025'],
    ['fi', '2023-01-25', '25.1.2023'],
    ['en', '2024-02-23', '23 February 2024'],
    ['de', '2024-02-23', '23 February 2024'],
  ])('%s shows %s as %s', (locale, iso, expected) => {
    expect(formatStatementDate(iso, locale)).toBe(expected)
  })
})
