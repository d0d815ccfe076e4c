import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tripListMaxCount } from '../../src/contract/endpoints'
import type { OperatorTripEvent } from '../../src/contract/operator'
import type { Passenger } from '../../src/contract/passenger'
import type { Trip } from '../../src/contract/trip'
import { tenantDb } from '../../server/db/tenantDb'
import { api, createTestApp, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { helsinkiIn, operatorEvent } from './support/trips'

const place = { alias: 'Koti', address: 'Koivukuja 3, 02130 Espoo', lat: 60.2, lng: 24.6 }
const loneSurrogate = 'A\uD800'

describe.each(backends)('string limits and bounded reads on $name', (backend) => {
  let test: TestApp
  let guardian: string
  let passengers: Passenger[]

  const booking = (passengerId: string, changes: Partial<OperatorTripEvent> = {}): OperatorTripEvent => {
    const start = helsinkiIn(90)
    return {
      type: 'booked',
      passengerId,
      start: start.toString({ timeZoneName: 'never' }),
      end: start.add({ minutes: 25 }).toString({ timeZoneName: 'never' }),
      startAddress: place,
      endAddress: place,
      ...changes,
    } as OperatorTripEvent
  }

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'] })
    guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    passengers = (await api(test.app, 'espoo', guardian, { url: '/api/passenger' })).json()
  })
  afterAll(() => test.close())

  it('refuses a 60 KB address from an operator with 400 validation_failed, and stores nothing', async () => {
    const passengerId = passengers[0]!.id
    const huge = { ...place, address: 'K'.repeat(60 * 1024) }
    const response = await operatorEvent(
      test.app,
      'espoo',
      'huge-address',
      booking(passengerId, { startAddress: huge }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ property: 'startAddress.address', error: 'too_big' }],
    })
    expect(await tenantDb(test.db, 'espoo').trips.find('huge-address')).toBeUndefined()
    const ordinary = await operatorEvent(test.app, 'espoo', 'ordinary-address', booking(passengerId))
    expect(ordinary.statusCode).toBe(200)
  })

  it('refuses over-long notes, reasons and car names from an operator', async () => {
    const passengerId = passengers[0]!.id
    const note = await operatorEvent(
      test.app,
      'espoo',
      'long-note',
      booking(passengerId, { note: 'n'.repeat(20_000) }),
    )
    expect(note.statusCode).toBe(400)
    expect(note.json()).toMatchObject({ errors: [{ property: 'note', error: 'too_big' }] })
    const car = await operatorEvent(test.app, 'espoo', 'ordinary-address', {
      type: 'dispatched',
      car: { name: 'c'.repeat(5_000), registerNumber: null, phone: null, driverName: null },
    })
    expect(car.statusCode).toBe(400)
    const reason = await operatorEvent(test.app, 'espoo', 'ordinary-address', {
      type: 'cancelled',
      reason: 'r'.repeat(5_000),
    })
    expect(reason.statusCode).toBe(400)
  })

  it('refuses text with a lone UTF-16 surrogate in initials, addresses and reviews', async () => {
    const id = passengers[1]!.id
    const initials = await api(test.app, 'espoo', guardian, {
      method: 'PUT',
      url: `/api/passenger/${id}`,
      payload: { avatarText: loneSurrogate },
    })
    expect(initials.statusCode).toBe(400)
    expect(initials.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ property: 'avatarText', error: 'invalid_format' }],
    })
    const address = await operatorEvent(
      test.app,
      'espoo',
      'surrogate-address',
      booking(passengers[0]!.id, { startAddress: { ...place, address: `Katu ${loneSurrogate}` } }),
    )
    expect(address.statusCode).toBe(400)
    const review = await api(test.app, 'espoo', guardian, {
      method: 'POST',
      url: '/api/trip/review',
      payload: {
        trip: { id: 'any', date: '2026-11-23' },
        comment: `Hyvä\uDC00`,
        driverStars: 5,
        experienceStars: 5,
      },
    })
    expect(review.statusCode).toBe(400)
    expect(review.json()).toMatchObject({ errors: [{ property: 'comment', error: 'invalid_format' }] })
  })

  it('accepts well-formed text outside the basic plane (a surrogate pair)', async () => {
    const id = passengers[1]!.id
    const response = await api(test.app, 'espoo', guardian, {
      method: 'PUT',
      url: `/api/passenger/${id}`,
      payload: { avatarText: '😀' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json<Passenger>().avatarText).toBe('😀')
  })

  it(`returns at most ${tripListMaxCount} trips in one read, the earliest first`, async () => {
    const passenger = passengers[2]!
    const tomorrow = Temporal.Now.zonedDateTimeISO('Europe/Helsinki').startOfDay().add({ days: 1 })
    const address = { alias: null, address: 'Tie 1', lat: null, lng: null }
    const many = Array.from({ length: tripListMaxCount + 20 }, (_, index) => {
      const start = tomorrow.add({ minutes: index }).toInstant()
      return {
        id: `many-${String(index).padStart(4, '0')}`,
        events: [
          {
            type: 'booked' as const,
            seq: 1,
            at: start,
            passengerId: passenger.id,
            start,
            end: start.add({ minutes: 20 }),
            startPlaceId: null,
            endPlaceId: null,
            startAddress: address,
            endAddress: address,
            viaPoints: [],
            deductibleCents: null,
            note: null,
            allowEtaQuery: false,
            allowReview: false,
          },
        ],
      }
    })
    await tenantDb(test.db, 'espoo').trips.recordNewTrips(many)
    const response = await api(test.app, 'espoo', guardian, { url: `/api/passenger/${passenger.id}/trips` })
    expect(response.statusCode).toBe(200)
    const trips = response.json<Trip[]>()
    expect(trips).toHaveLength(tripListMaxCount)
    const starts = trips.map((trip) => Temporal.Instant.from(trip.startDateTime).epochMilliseconds)
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    expect(trips.map((trip) => trip.id)).not.toContain(`many-${tripListMaxCount + 19}`)
  })
})
