import { describe, expect, it } from 'vitest'
import { trackingProgress } from '../../../../src/domain/tracking/progress'
import { at, fromStart, plannedTrip, statusOf, tripStatusCodes } from './fixtures'

const { Unknown, Booked, EnRoute, CarWaiting, Pickup, DropOff, Cancelled, NoShow } = tripStatusCodes
const aboard = { ...plannedTrip, pickupTime: at(0) }

describe('tracking progress (spec section 4)', () => {
  it.each([
    ['Cancelled', statusOf(Cancelled), plannedTrip, -40, 100],
    ['DropOff (completed)', statusOf(DropOff, { ata: at(31) }), aboard, 31, 100],
    ['NoShow (over too)', statusOf(NoShow), plannedTrip, 5, 100],
    ['EnRoute, 0 min left', statusOf(EnRoute, { etd: at(0) }), plannedTrip, 0, 95],
    ['EnRoute, late', statusOf(EnRoute, { etd: at(0) }), plannedTrip, 4, 95],
    ['Pickup, 0 min left', statusOf(Pickup, { eta: at(28) }), aboard, 28, 95],
    ['CarWaiting before its ETD: due', statusOf(CarWaiting, { etd: at(4) }), plannedTrip, -5, 95],
    ['Unknown: at its least', statusOf(Unknown), plannedTrip, 0, 10],
    ['Booked an hour before: at least 10', statusOf(Booked), plannedTrip, -60, 10],
    ['EnRoute, 30 min before its ETD: 10', statusOf(EnRoute, { etd: at(0) }), plannedTrip, -30, 10],
    ['EnRoute, 15 min before: halfway', statusOf(EnRoute, { etd: at(0) }), plannedTrip, -15, 52],
    ['EnRoute, 1 min before', statusOf(EnRoute, { etd: at(0) }), plannedTrip, -1, 92],
    ['Pickup at the pickup: 10', statusOf(Pickup, { eta: at(20) }), aboard, 0, 10],
    ['Pickup, halfway to its ETA', statusOf(Pickup, { eta: at(20) }), aboard, 10, 52],
    ['Pickup without an ETA: to the planned end', statusOf(Pickup), aboard, 15, 52],
    [
      'Pickup, ETA before the pickup time: at least 10',
      statusOf(Pickup, { eta: at(5) }),
      { ...plannedTrip, pickupTime: at(8) },
      4,
      10,
    ],
  ] as const)('%s: %i', (_, status, trip, minutes, expected) => {
    expect(trackingProgress(status, trip, fromStart(minutes))).toBe(expected)
  })

  it('stays below 95 while a second is left', () => {
    expect(trackingProgress(statusOf(EnRoute, { etd: at(0) }), plannedTrip, fromStart(-1, 59))).toBe(94)
  })
})
