import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tripStatusCodes } from '../../src/contract/trip'
import { tenantDb, type TenantDb } from '../../server/db/tenantDb'
import { scopeToTenant } from '../../server/db/tenantScope'
import type {
  BookingRequestData,
  TripBooking,
  TripEvent,
  TripEventData,
} from '../../server/domain/tripEvents'
import {
  applyTripEvent,
  isShownToPassenger,
  projectTrip,
  TripProjectionError,
  type TripEventRejection,
  type TripProjection,
} from '../../server/domain/tripProjection'
import { backends, createTestDatabase, type TestDatabase } from './support/database'

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

const booking: TripBooking = {
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
/** Booked by the operator: a trip from the start. */
const booked: TripEventData = { type: 'booked', ...booking }

const request: BookingRequestData = {
  permissionId: 'permission-1',
  periodStartDate: '2026-08-01',
  express: false,
  passengerCount: 1,
  phone: '+358 40 123 4567',
  email: null,
  extraIds: [],
  withAttendant: false,
}
/** Booked in the portal: the operator approves or refuses it (migration 0009_trip_approval). */
const requested: TripEventData = { type: 'requested', request, ...booking }
const approved: TripEventData = { type: 'approved' }
const refusedByOperator: TripEventData = { type: 'refused', reason: 'Ei vapaita autoja' }

const reviewData = { comment: 'Hyvä kyyti', driverStars: 5, experienceStars: 4, userId: 'u1' }
const review: TripEventData = { type: 'reviewed', ...reviewData }

/** A log from event data with minutes after t0: seq counts from 1. */
function log(...entries: [TripEventData, number][]): TripEvent[] {
  return entries.map(([data, minutes], index) => ({ ...data, seq: index + 1, at: at(minutes) }))
}

const cancelled: TripEventData = { type: 'cancelled', reason: 'Sairastunut', userId: 'u1' }

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
      viaPoints: booking.viaPoints,
      approval: null,
      version: 1,
    },
  ],
  ['routed', log([booked, 0], [{ type: 'routed' }, 5]), { statusCode: tripStatusCodes.Routed, version: 2 }],
  [
    'rescheduled: a new pickup and arrival, the via point kept as far from the pickup',
    log([booked, 0], [{ type: 'rescheduled', start: at(80), end: at(115) }, 5]),
    {
      statusCode: tripStatusCodes.Booked,
      start: at(80),
      end: at(115),
      viaPoints: [{ ...booking.viaPoints[0]!, time: at(95) }],
      version: 2,
    },
  ],
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
  [
    'requested in the portal: booked, awaiting the operator’s approval',
    log([requested, 0]),
    {
      statusCode: tripStatusCodes.Booked,
      approval: 'awaiting',
      bookedAt: at(0),
      start: at(60),
      deductibleCents: 310,
      viaPoints: booking.viaPoints,
      cancelledAt: null,
      version: 1,
    },
  ],
  [
    'approved: a booked trip like one the operator booked',
    log([requested, 0], [approved, 3]),
    {
      statusCode: tripStatusCodes.Booked,
      approval: 'approved',
      bookedAt: at(0),
      cancelledAt: null,
      version: 2,
    },
  ],
  [
    'approved, then on its way as any trip',
    log(
      [requested, 0],
      [approved, 3],
      [{ type: 'dispatched', car }, 10],
      [{ type: 'pickedUp', eta: null }, 61],
    ),
    { statusCode: tripStatusCodes.Pickup, approval: 'approved', carName: 'Taksi 12', pickupTime: at(61) },
  ],
  [
    'refused: cancelled with the operator’s reason, by no user',
    log([requested, 0], [refusedByOperator, 3]),
    {
      statusCode: tripStatusCodes.Cancelled,
      approval: 'refused',
      cancelledAt: at(3),
      cancelReason: 'Ei vapaita autoja',
      cancelledByUserId: null,
      version: 2,
    },
  ],
  [
    'withdrawn: cancelled by its user before the decision (a series’ following rides)',
    log([requested, 0], [cancelled, 3]),
    {
      statusCode: tripStatusCodes.Cancelled,
      approval: 'withdrawn',
      cancelledAt: at(3),
      cancelReason: 'Sairastunut',
      cancelledByUserId: 'u1',
      version: 2,
    },
  ],
]

/** Logs the projection refuses, and why: the operator API answers these with 409 and the reason. */
const rejections: [string, TripEvent[], TripEventRejection][] = [
  ['a second booking', log([booked, 0], [booked, 1]), 'already_booked'],
  [
    'a new time after the pickup',
    log(
      [booked, 0],
      [{ type: 'pickedUp', eta: null }, 61],
      [{ type: 'rescheduled', start: at(70), end: at(99) }, 62],
    ),
    'picked_up',
  ],
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
  ['approving a trip the operator booked', log([booked, 0], [approved, 1]), 'not_awaiting_approval'],
  ['refusing a trip the operator booked', log([booked, 0], [refusedByOperator, 1]), 'not_awaiting_approval'],
  ['approving twice', log([requested, 0], [approved, 3], [approved, 4]), 'not_awaiting_approval'],
  [
    'refusing an approved trip',
    log([requested, 0], [approved, 3], [refusedByOperator, 4]),
    'not_awaiting_approval',
  ],
  [
    'approving a refused trip',
    log([requested, 0], [refusedByOperator, 3], [approved, 4]),
    'not_awaiting_approval',
  ],
  [
    'refusing twice',
    log([requested, 0], [refusedByOperator, 3], [refusedByOperator, 4]),
    'not_awaiting_approval',
  ],
  [
    'approving an approved trip cancelled since',
    log([requested, 0], [approved, 3], [cancelled, 30], [approved, 31]),
    'not_awaiting_approval',
  ],
  ['a car before the approval', log([requested, 0], [{ type: 'dispatched', car }, 10]), 'awaiting_approval'],
  [
    'approving a withdrawn booking',
    log([requested, 0], [cancelled, 10], [approved, 11]),
    'not_awaiting_approval',
  ],
  ['withdrawing twice', log([requested, 0], [cancelled, 10], [cancelled, 11]), 'trip_final'],
  ['a review before the approval', log([requested, 0], [review, 10]), 'awaiting_approval'],
  [
    'the operator’s progress after a refusal',
    log([requested, 0], [refusedByOperator, 3], [{ type: 'routed' }, 5]),
    'trip_final',
  ],
  [
    'a review of a refused booking',
    log([requested, 0], [refusedByOperator, 3], [review, 90]),
    'not_reviewable',
  ],
  ['a second request', log([requested, 0], [requested, 1]), 'already_booked'],
  ['the operator booking a requested trip', log([requested, 0], [booked, 1]), 'already_booked'],
  ['an approval of an unknown trip: no booking opens its log', log([approved, 0]), 'not_booked'],
  ['a refusal of an unknown trip: no booking opens its log', log([refusedByOperator, 0]), 'not_booked'],
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
    const numbered = (...seqs: number[]) =>
      log([booked, 0], [{ type: 'routed' }, 1], [{ type: 'carWaiting' }, 2]).map((event, index) => ({
        ...event,
        seq: seqs[index]!,
      }))
    expect(() => projectTrip('trip-1', numbered(1, 3, 2))).toThrow(/event 2 after 3/)
    expect(rejectionOf(numbered(1, 2, 2))).toBe('out_of_sequence')
    // An append takes only the next number.
    const next = projectTrip('trip-1', numbered(1, 2, 3))
    expect(() => applyTripEvent(next, { type: 'noShow', seq: 5, at: t0 })).toThrow(/event 5 after 3/)
  })

  it('folds a log with gaps where retention deleted position events, to the version of its last event', () => {
    const gapped = log([booked, 0], [{ type: 'routed' }, 1], [{ type: 'carWaiting' }, 2]).map(
      (event, index) => ({ ...event, seq: [1, 5, 9][index]! }),
    )
    expect(projectTrip('trip-1', gapped)).toMatchObject({
      statusCode: tripStatusCodes.CarWaiting,
      version: 9,
    })
  })
})

/** The logs of each approval: the passenger's user sees a trip the operator booked or approved, no other. */
const decisions: [string, TripEvent[], boolean][] = [
  ['booked by the operator', log([booked, 0]), true],
  ['awaiting approval', log([requested, 0]), false],
  ['approved', log([requested, 0], [approved, 3]), true],
  ['approved, then cancelled', log([requested, 0], [approved, 3], [cancelled, 30]), true],
  ['refused', log([requested, 0], [refusedByOperator, 3]), false],
]

describe('which trips the passenger’s user sees', () => {
  it.each(decisions)('%s', (_name, events, shown) => {
    expect(isShownToPassenger(projectTrip('trip-1', events))).toBe(shown)
  })
})

describe.each(backends)('approval stored on $name', (backend) => {
  let database: TestDatabase
  let db: TenantDb

  beforeAll(async () => {
    database = await createTestDatabase(backend)
    await scopeToTenant(database.db, 'espoo')
      .insertInto('passengers')
      .values({ id: 'p1', name: 'Ella Järvinen', phone: null, avatar_text: 'EJ' })
      .execute()
    db = tenantDb(database.db, 'espoo')
  })
  afterAll(() => database.drop())

  // The booking opens the row; each decision updates it, as the operator API does (appendOperatorEvent).
  it.each(decisions)('%s: read back as projected, listed only when shown', async (name, events, shown) => {
    const tripId = `trip-${name.replaceAll(/\W+/g, '-')}`
    const [opening, ...later] = events
    await db.trips.recordNewTrips([{ id: tripId, events: [opening!] }])
    for (const event of later) await db.trips.append((await db.trips.find(tripId))!, [event], event.at)
    expect(plain(await db.trips.find(tripId))).toEqual(plain(projectTrip(tripId, events)))
    const listed = await db.trips.listForPassenger('p1', t0, t0.add({ hours: 24 }))
    expect(listed.some((trip) => trip.id === tripId)).toBe(shown)
  })
})
