import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { overlappingAwaiting, overlappingTrips } from '../../../../src/domain/booking/overlap'
import { tripWith } from '../trips/fixtures'
import { bookingWith } from './fixtures'

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

describe('overlappingAwaiting', () => {
  // 10:00-10:30 Helsinki time, as the trip above.
  const booking = bookingWith({
    date: '2026-11-21',
    startDateTime: '2026-11-21T10:00:00+02:00',
    endDateTime: '2026-11-21T10:30:00+02:00',
  })

  it('warns of a booking awaiting approval as of a trip, within the same margin', () => {
    for (const time of ['07:45:00', '08:10:00', '08:45:00'])
      expect(overlappingAwaiting([booking], 'p1', at(time))).toEqual([booking])
    expect(overlappingAwaiting([booking], 'p1', at('07:44:00'))).toEqual([])
    expect(overlappingAwaiting([booking], 'p1', at('08:46:00'))).toEqual([])
  })

  it('reads only the passenger’s, and never a refused one, which will not be a trip', () => {
    expect(overlappingAwaiting([booking], 'p2', at('08:10:00'))).toEqual([])
    const refused = { ...booking, approval: 'refused' as const, refusalReason: 'Ei autoja' }
    expect(overlappingAwaiting([refused], 'p1', at('08:10:00'))).toEqual([])
  })
})
