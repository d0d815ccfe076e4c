import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { tripStatusCodes } from '../../src/contract/trip'
import type { TripEvent, TripEventData } from '../../server/domain/tripEvents'
import { projectTrip, TripProjectionError, type TripProjection } from '../../server/domain/tripProjection'

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
    'cancelled with a reason',
    log([booked, 0], [{ type: 'cancelled', reason: 'Sairastunut' }, 30]),
    { statusCode: tripStatusCodes.Cancelled, cancelledAt: at(30), cancelReason: 'Sairastunut' },
  ],
  [
    'no-show',
    log([booked, 0], [{ type: 'carWaiting' }, 59], [{ type: 'noShow' }, 66]),
    { statusCode: tripStatusCodes.NoShow, noShowTime: at(66) },
  ],
  [
    'a final status stays: later events only advance the version',
    log(
      [booked, 0],
      [{ type: 'cancelled', reason: 'Sairastunut' }, 30],
      [{ type: 'dispatched', car }, 40],
      [{ type: 'position', location: { latitude: 1, longitude: 2 }, eta: null, etd: null }, 41],
    ),
    { statusCode: tripStatusCodes.Cancelled, carName: null, carLocation: null, version: 4 },
  ],
]

/** Instants as ISO strings: Temporal objects have no enumerable fields, so matchers would see them all as equal. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

describe('trip projection: events -> trip', () => {
  it.each(cases)('%s', (_name, events, expected) => {
    expect(plain(projectTrip('trip-1', events))).toMatchObject(
      plain({ id: 'trip-1', passengerId: 'p1', ...expected }) as object,
    )
  })

  it('needs a booked event first', () => {
    expect(() => projectTrip('trip-1', log([{ type: 'routed' }, 0]))).toThrow(TripProjectionError)
    expect(() => projectTrip('trip-1', [])).toThrow(TripProjectionError)
  })

  it('rejects a second booking and events out of sequence', () => {
    expect(() => projectTrip('trip-1', log([booked, 0], [booked, 1]))).toThrow(/booked twice/)
    const gap = log([booked, 0], [{ type: 'routed' }, 1]).map((event, index) => ({
      ...event,
      seq: index * 2 + 1,
    }))
    expect(() => projectTrip('trip-1', gap)).toThrow(/event 3 after 1/)
  })
})
