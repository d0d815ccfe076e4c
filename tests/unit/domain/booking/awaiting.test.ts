import { describe, expect, it } from 'vitest'
import { bookingsOnDay } from '../../../../src/domain/booking/awaiting'
import { bookingWith } from './fixtures'

describe('bookingsOnDay', () => {
  const awaiting = bookingWith()
  const refused = bookingWith({ tripId: 't2', approval: 'refused', refusalReason: 'Ei autoja' })
  const later = bookingWith({ tripId: 't3', date: '2026-11-24' })

  it('lists the day’s bookings, awaiting and refused alike', () => {
    expect(bookingsOnDay([awaiting, refused, later], '2026-11-23', '2026-11-22')).toEqual([awaiting, refused])
    expect(bookingsOnDay([awaiting, refused, later], '2026-11-24', '2026-11-23')).toEqual([later])
  })

  it('lists today’s, and none of a day that has passed, which a device offline since its pull still holds', () => {
    expect(bookingsOnDay([awaiting], '2026-11-23', '2026-11-23')).toEqual([awaiting])
    expect(bookingsOnDay([awaiting, refused], '2026-11-23', '2026-11-24')).toEqual([])
  })
})
