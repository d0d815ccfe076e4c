import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import type { Trip } from '../../../src/contract/trip'
import { clockTime, instantDate } from '../../../src/domain/dateDisplay'
import { nextTripByPassenger } from '../../../src/domain/nextTrip'
import { passengerOf, tripOf } from '../db/samples'

function trip(id: string, passengerId: string, start: string, cancelledAt: string | null = null): Trip {
  return { ...tripOf(id, passengerOf(passengerId, passengerId), start), cancelledAt }
}

const now = Temporal.Instant.from('2026-11-21T10:00:00+02:00')

describe('next trip per passenger', () => {
  it('is the earliest trip from now that is not cancelled', () => {
    const next = nextTripByPassenger(
      [
        trip('late', 'a', '2026-11-23T08:00:00+02:00'),
        trip('past', 'a', '2026-11-21T09:59:00+02:00'),
        trip('cancelled', 'a', '2026-11-21T11:00:00+02:00', '2026-11-20T12:00:00+02:00'),
        trip('soon', 'a', '2026-11-22T07:30:00+02:00'),
        trip('other', 'b', '2026-11-21T10:00:00+02:00'),
      ],
      now,
    )
    expect(next.get('a')?.id).toBe('soon')
    expect(next.get('b')?.id).toBe('other')
  })

  it('has none for a passenger whose trips are all past or cancelled', () => {
    const next = nextTripByPassenger(
      [
        trip('past', 'a', '2026-11-20T08:00:00+02:00'),
        trip('cancelled', 'a', '2026-11-22T08:00:00+02:00', '2026-11-20T08:00:00+02:00'),
      ],
      now,
    )
    expect(next.has('a')).toBe(false)
  })
})

describe('date and time display', () => {
  it.each([
    ['2026-12-03T06:05:00Z', 'Europe/Helsinki', '3.12.2026', '08:05'],
    ['2026-12-31T22:30:00Z', 'Europe/Helsinki', '1.1.2027', '00:30'],
    ['2026-07-01T21:15:00Z', 'Europe/London', '1.7.2026', '22:15'],
    ['2026-07-01T04:15:00Z', 'US/Central', '30.6.2026', '23:15'],
  ])('%s in %s is %s %s', (instant, timeZone, date, time) => {
    expect(instantDate(instant, timeZone)).toBe(date)
    expect(clockTime(instant, timeZone)).toBe(time)
  })
})
