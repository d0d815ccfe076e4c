import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { overlappingTrips } from '../../../../src/domain/booking/overlap'
import { tripWith } from '../trips/fixtures'

// The fixture's trip is 10:00-10:30 Helsinki time (08:00-08:30 UTC); the margin is 15 minutes each side.
const trip = tripWith()
const at = (utc: string) => Temporal.Instant.from(`2026-11-21T${utc}Z`)

describe('overlappingTrips', () => {
  it('warns from 15 minutes before the start to 15 minutes after the end', () => {
    for (const time of ['07:45:00', '08:10:00', '08:45:00'])
      expect(overlappingTrips([trip], 'p1', at(time))).toEqual([trip])
  })

  it('is quiet outside the window', () => {
    expect(overlappingTrips([trip], 'p1', at('07:44:00'))).toEqual([])
    expect(overlappingTrips([trip], 'p1', at('08:46:00'))).toEqual([])
  })

  it('reads only the passenger’s trips that still stand', () => {
    expect(overlappingTrips([trip], 'p2', at('08:10:00'))).toEqual([])
    const cancelled = { ...trip, cancelledAt: '2026-11-20T10:00:00+02:00' }
    expect(overlappingTrips([cancelled], 'p1', at('08:10:00'))).toEqual([])
  })
})
