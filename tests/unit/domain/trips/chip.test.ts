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
    ['a car assigned and not yet picked up has no chip', { carName: 'Taxi 12' }, null],
    ['dropoff without a recorded pickup is done', { dropoffTime: t }, 'done'],
  ] as const)('%s', (_, overrides, chip) => {
    expect(tripChip(tripWith(overrides))).toBe(chip)
  })
})
