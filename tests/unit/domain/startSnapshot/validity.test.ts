import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { snapshotValidUntil } from '../../../../src/domain/startSnapshot/validity'

const zone = 'Europe/Helsinki'
const at = (text: string) => Temporal.ZonedDateTime.from(`${text}[${zone}]`)
const instant = (text: string) => at(text).toInstant()
const farSession = 30 * 24 * 3600

describe('how long a start snapshot may be painted', () => {
  it('is ten minutes in the middle of a day', () => {
    expect(snapshotValidUntil(at('2026-12-07T08:15'), farSession)).toEqual(instant('2026-12-07T08:25'))
  })

  it('never reaches into the next day in the tenant’s zone, whose trips it does not show', () => {
    expect(snapshotValidUntil(at('2026-12-07T23:55'), farSession)).toEqual(instant('2026-12-08T00:00'))
  })

  it('ends at midnight of the day the clocks change, too', () => {
    // Summer time ends on 25 October 2026 in Finland: that day has 25 hours.
    expect(snapshotValidUntil(at('2026-10-25T23:58'), farSession)).toEqual(instant('2026-10-26T00:00'))
  })

  it('never outlasts the session', () => {
    expect(snapshotValidUntil(at('2026-12-07T08:15'), 300)).toEqual(instant('2026-12-07T08:20'))
    expect(snapshotValidUntil(at('2026-12-07T08:15'), 0)).toEqual(instant('2026-12-07T08:15'))
  })

  it('is none while the session’s end is unknown', () => {
    expect(snapshotValidUntil(at('2026-12-07T08:15'), null)).toBeNull()
  })
})
