import { describe, expect, it } from 'vitest'
import { tripChip } from '../../../../src/domain/trips/chip'
import { tripWith } from './fixtures'

const t = '2026-11-21T10:05:00+02:00'
const car = 'Taxi 12'

describe('trip list chip (spec section 4, "Trip list chip")', () => {
  // Each row of the spec's table, in its words: | Chip | Condition |.
  it.each([
    ['aboard | pickup without dropoff', { carName: car, pickupTime: t }, 'aboard'],
    ['done | pickup and dropoff', { carName: car, pickupTime: t, dropoffTime: t }, 'done'],
    ['cancelled | cancelledAt set', { cancelledAt: t }, 'cancelled'],
    ['waiting for car | no car name, no pickup, dropoff or cancellation', {}, 'waitingForCar'],
    ['no-show | noShowTime set', { carName: car, noShowTime: t }, 'noShow'],
  ] as const)('%s', (_, overrides, chip) => {
    expect(tripChip(tripWith(overrides))).toBe(chip)
  })

  // Where two rows match, a cancellation or a no-show is what happened to the trip.
  it.each([
    ['cancelled, though a car is named', { carName: car, cancelledAt: t }, 'cancelled'],
    [
      'cancelled, though picked up and dropped off',
      { pickupTime: t, dropoffTime: t, cancelledAt: t },
      'cancelled',
    ],
    ['no-show, though no car is named', { noShowTime: t }, 'noShow'],
    ['no-show, though picked up', { carName: car, pickupTime: t, noShowTime: t }, 'noShow'],
  ] as const)('%s', (_, overrides, chip) => {
    expect(tripChip(tripWith(overrides))).toBe(chip)
  })

  // A trip no row matches shows no chip (the card names the car).
  it.each([
    ['a car named, no pickup yet', { carName: car }],
    ['a dropoff with no pickup, a car named', { carName: car, dropoffTime: t }],
    ['a dropoff with no pickup and no car', { dropoffTime: t }],
  ] as const)('no chip: %s', (_, overrides) => {
    expect(tripChip(tripWith(overrides))).toBeNull()
  })
})
