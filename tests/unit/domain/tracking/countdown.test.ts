import { describe, expect, it } from 'vitest'
import { countdownMinutes } from '../../../../src/domain/tracking/countdown'
import { at, fromStart, plannedTrip, statusOf, tripStatusCodes } from './fixtures'

const { Unknown, Booked, Dispatched, EnRoute, CarWaiting, Pickup, DropOff, Cancelled, NoShow } =
  tripStatusCodes

describe('countdown minutes (spec section 4)', () => {
  it.each([
    ['EnRoute, 10 min before its ETD', statusOf(EnRoute, { etd: at(2) }), -8, 0, 10],
    ['EnRoute, 9 min 30 s before: counted up', statusOf(EnRoute, { etd: at(2) }), -7, -30, 10],
    ['EnRoute, 1 s before', statusOf(EnRoute, { etd: at(2) }), 1, 59, 1],
    ['EnRoute, at its ETD', statusOf(EnRoute, { etd: at(2) }), 2, 0, 0],
    ['EnRoute, late: never negative', statusOf(EnRoute, { etd: at(2) }), 7, 0, 0],
    ['EnRoute without an ETD: to the planned start', statusOf(EnRoute), -5, 0, 5],
    ['Booked: to the planned start', statusOf(Booked), -20, 0, 20],
    ['Dispatched (car assigned): to its ETD', statusOf(Dispatched, { etd: at(4) }), -6, 0, 10],
    ['CarWaiting: none, the car is at the door', statusOf(CarWaiting, { etd: at(4) }), -5, 0, null],
    ['Unknown: none', statusOf(Unknown), -5, 0, null],
    ['Pickup: to the ETA', statusOf(Pickup, { eta: at(28) }), 10, 0, 18],
    ['Pickup without an ETA: to the planned end', statusOf(Pickup), 10, 0, 20],
    ['Pickup, past the ETA', statusOf(Pickup, { eta: at(28) }), 29, 0, 0],
    ['DropOff: none', statusOf(DropOff, { ata: at(31) }), 20, 0, null],
    ['Cancelled: none', statusOf(Cancelled), -20, 0, null],
    ['NoShow: none', statusOf(NoShow), 5, 0, null],
  ] as const)('%s', (_, status, minutes, seconds, expected) => {
    expect(countdownMinutes(status, plannedTrip, fromStart(minutes, seconds))).toBe(expected)
  })
})
