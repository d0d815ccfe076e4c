import { describe, expect, it } from 'vitest'
import { tripChip } from '../../../../src/domain/trips/chip'
import { tripWith } from './fixtures'

const t = '2026-11-21T10:05:00+02:00'

describe('trip list chip (spec section 4 table)', () => {
  it.each([
    ['aboard: pickup without dropoff', { carName: 'Taxi 12', pickupTime: t }, 'aboard'],
    ['done: pickup and dropoff', { carName: 'Taxi 12', pickupTime: t, dropoffTime: t }, 'done'],
    ['cancelled: cancelledAt set', { cancelledAt: t }, 'cancelled'],
    ['cancelled wins over a car', { carName: 'Taxi 12', cancelledAt: t }, 'cancelled'],
    ['waiting for car: no car, pickup, dropoff or cancellation', {}, 'waitingForCar'],
    ['no-show: noShowTime set', { carName: 'Taxi 12', noShowTime: t }, 'noShow'],
    ['no-show without a car', { noShowTime: t }, 'noShow'],
    ['car assigned: a dispatched car, no pickup yet', { carName: 'Taxi 12' }, 'carAssigned'],
    ['dropoff without a recorded pickup is not done', { carName: 'Taxi 12', dropoffTime: t }, 'droppedOff'],
    ['dropoff with neither pickup nor car', { dropoffTime: t }, 'droppedOff'],
    ['no-show wins over a pickup', { carName: 'Taxi 12', pickupTime: t, noShowTime: t }, 'noShow'],
    ['cancelled wins over a dropoff', { pickupTime: t, dropoffTime: t, cancelledAt: t }, 'cancelled'],
  ] as const)('%s', (_, overrides, chip) => {
    expect(tripChip(tripWith(overrides))).toBe(chip)
  })
})
