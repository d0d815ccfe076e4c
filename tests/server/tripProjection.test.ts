import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { tripStatusCodes } from '../../src/contract/trip'
import type { TripEvent, TripEventData } from '../../server/domain/tripEvents'
import {
  projectTrip,
  TripProjectionError,
  type TripEventRejection,
  type TripProjection,
} from '../../server/domain/tripProjection'

const t0 = Temporal.Instant.from('2026-11-23T06:00:00Z')
const at = (minutes: number) => t0.add({ minutes })
const home = { alias: 'Koti', address: 'Koivukuja 3, 02130 Espoo', lat: 60.2, lng: 24.6 }
const school = { alias: 'Koulu', address: 'Koulukatu 5, 02100 Espoo', lat: 60.21, lng: 24.66 }
const car = {
  name: 'Taksi 12',
  registerNumber: 'KLT-412',
  phone: '+358 40 712 3412',
  driverName: 'Jari Mäkinen',
}

const booked: TripEventData = {
  type: 'booked',
  passengerId: 'p1',
  start: at(60),
  end: at(90),
  startPlaceId: 'home',
  endPlaceId: 'school',
  startAddress: home,
  endAddress: school,
  viaPoints: [{ address: school, placeId: null, time: at(75), waitMinutes: 10 }],
  deductibleCents: 310,
  note: 'Turvaistuin',
  allowEtaQuery: true,
  allowReview: true,
}

const reviewData = { comment: 'Hyvä kyyti', driverStars: 5, experienceStars: 4, userId: 'u1' }
const review: TripEventData = { type: 'reviewed', ...reviewData }

/** A log from event data with minutes after t0: seq counts from 1. */
function log(...entries: [TripEventData, number][]): TripEvent[] {
  return entries.map(([data, minutes], index) => ({ ...data, seq: index + 1, at: at(minutes) }))
}

const cases: [string, TripEvent[], Partial<TripProjection>][] = [
  [
    'booked: waiting for a car',
    log([booked, 0]),
    {
      statusCode: tripStatusCodes.Booked,
      carName: null,
      bookedAt: at(0),
      deductibleCents: 310,
      note: 'Turvaistuin',
      viaPoints: booked.type === 'booked' ? booked.viaPoints : [],
      version: 1,
    },
  ],
  ['routed', log([booked, 0], [{ type: 'routed' }, 5]), { statusCode: tripStatusCodes.Routed, version: 2 }],
  [
    'dispatched: the car is known',
    log([booked, 0], [{ type: 'dispatched', car }, 10]),
    {
      statusCode: tripStatusCodes.Dispatched,
      carName: 'Taksi 12',
      carRegisterNumber: 'KLT-412',
      carPhoneNumber: '+358 40 712 3412',
      driverName: 'Jari Mäkinen',
    },
  ],
  [
    'en route with an estimated departure',
    log([booked, 0], [{ type: 'dispatched', car }, 10], [{ type: 'enRoute', etd: at(61) }, 40]),
    { statusCode: tripStatusCodes.EnRoute, etd: at(61), pickupTime: null },
  ],
  [
    'position updates location and estimates but not the status',
    log(
      [booked, 0],
      [{ type: 'enRoute', etd: at(61) }, 40],
      [{ type: 'position', location: { latitude: 60.1, longitude: 24.5 }, eta: null, etd: at(63) }, 45],
    ),
    { statusCode: tripStatusCodes.EnRoute, carLocation: { latitude: 60.1, longitude: 24.5 }, etd: at(63) },
  ],
  [
    'car waiting',
    log([booked, 0], [{ type: 'enRoute', etd: null }, 40], [{ type: 'carWaiting' }, 58]),
    { statusCode: tripStatusCodes.CarWaiting },
  ],
  [
    'picked up: aboard',
    log([booked, 0], [{ type: 'dispatched', car }, 10], [{ type: 'pickedUp', eta: at(92) }, 61]),
    { statusCode: tripStatusCodes.Pickup, pickupTime: at(61), eta: at(92), dropoffTime: null },
  ],
  [
    'dropped off: done, arrival recorded',
    log([booked, 0], [{ type: 'pickedUp', eta: at(92) }, 61], [{ type: 'droppedOff' }, 93]),
    { statusCode: tripStatusCodes.DropOff, pickupTime: at(61), dropoffTime: at(93), ata: at(93) },
  ],
  [
    'cancelled by the operator',
    log([booked, 0], [{ type: 'cancelled', reason: 'Sairastunut', userId: null }, 30]),
    {
      statusCode: tripStatusCodes.Cancelled,
      cancelledAt: at(30),
      cancelReason: 'Sairastunut',
      cancelledByUserId: null,
    },
  ],
  [
    'cancelled by a user in the portal: who is recorded',
    log(
      [booked, 0],
      [{ type: 'dispatched', car }, 10],
      [{ type: 'cancelled', reason: 'Kuume', userId: 'u1' }, 30],
    ),
    {
      statusCode: tripStatusCodes.Cancelled,
      cancelReason: 'Kuume',
      cancelledByUserId: 'u1',
      carName: 'Taksi 12',
    },
  ],
  [
    'cancelled by the operator after pickup (the operator decides)',
    log(
      [booked, 0],
      [{ type: 'pickedUp', eta: null }, 61],
      [{ type: 'cancelled', reason: 'Keskeytetty', userId: null }, 70],
    ),
    { statusCode: tripStatusCodes.Cancelled, pickupTime: at(61), cancelledAt: at(70) },
  ],
  [
    'no-show',
    log([booked, 0], [{ type: 'carWaiting' }, 59], [{ type: 'noShow' }, 66]),
    { statusCode: tripStatusCodes.NoShow, noShowTime: at(66) },
  ],
  [
    'a review after the drop-off: the trip stays done and carries the review',
    log([booked, 0], [{ type: 'pickedUp', eta: null }, 61], [{ type: 'droppedOff' }, 93], [review, 120]),
    {
      statusCode: tripStatusCodes.DropOff,
      reviews: [{ ...reviewData, at: at(120) }],
      version: 4,
    },
  ],
  [
    'a review of a picked-up trip whose drop-off was never reported',
    log([booked, 0], [{ type: 'pickedUp', eta: null }, 61], [review, 200]),
    { statusCode: tripStatusCodes.Pickup, reviews: [{ ...reviewData, at: at(200) }] },
  ],
]

const cancelled: TripEventData = { type: 'cancelled', reason: 'Sairastunut', userId: 'u1' }

/** Logs the projection refuses, and why: the operator API answers these with 409 and the reason. */
const rejections: [string, TripEvent[], TripEventRejection][] = [
  ['a second booking', log([booked, 0], [booked, 1]), 'already_booked'],
  [
    'pickup after cancellation',
    log([booked, 0], [cancelled, 30], [{ type: 'pickedUp', eta: null }, 61]),
    'trip_final',
  ],
  [
    'a car after cancellation',
    log([booked, 0], [cancelled, 30], [{ type: 'dispatched', car }, 40]),
    'trip_final',
  ],
  [
    'a position after cancellation',
    log([booked, 0], [cancelled, 30], [{ type: 'position', location: null, eta: null, etd: null }, 41]),
    'trip_final',
  ],
  ['cancelling twice', log([booked, 0], [cancelled, 30], [cancelled, 31]), 'trip_final'],
  [
    'cancelling after the drop-off',
    log([booked, 0], [{ type: 'droppedOff' }, 93], [cancelled, 94]),
    'trip_final',
  ],
  [
    'pickup after a no-show',
    log([booked, 0], [{ type: 'noShow' }, 66], [{ type: 'pickedUp', eta: null }, 70]),
    'trip_final',
  ],
  [
    'a no-show after pickup',
    log([booked, 0], [{ type: 'pickedUp', eta: null }, 61], [{ type: 'noShow' }, 66]),
    'picked_up',
  ],
  ['a review of a cancelled trip', log([booked, 0], [cancelled, 30], [review, 40]), 'not_reviewable'],
  ['a review of a no-show', log([booked, 0], [{ type: 'noShow' }, 66], [review, 90]), 'not_reviewable'],
  [
    'a second review',
    log([booked, 0], [{ type: 'droppedOff' }, 93], [review, 100], [review, 101]),
    'already_reviewed',
  ],
  ['a log that does not start with a booking', log([{ type: 'routed' }, 0]), 'not_booked'],
  ['an empty log', [], 'not_booked'],
]

/** Why the projection refuses a log, or null when it takes it. */
function rejectionOf(events: TripEvent[]): TripEventRejection | null {
  try {
    projectTrip('trip-1', events)
    return null
  } catch (error) {
    if (error instanceof TripProjectionError) return error.reason
    throw error
  }
}

/** Instants as ISO strings: Temporal objects have no enumerable fields, so matchers would see them all as equal. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

describe('trip projection: events -> trip', () => {
  it.each(cases)('%s', (_name, events, expected) => {
    expect(plain(projectTrip('trip-1', events))).toMatchObject(
      plain({ id: 'trip-1', passengerId: 'p1', ...expected }) as object,
    )
  })

  it.each(rejections)('rejects %s', (_name, events, reason) => {
    expect(rejectionOf(events)).toBe(reason)
  })

  it('rejects events out of sequence', () => {
    const gap = log([booked, 0], [{ type: 'routed' }, 1]).map((event, index) => ({
      ...event,
      seq: index * 2 + 1,
    }))
    expect(() => projectTrip('trip-1', gap)).toThrow(/event 3 after 1/)
    expect(rejectionOf(gap)).toBe('out_of_sequence')
  })
})
