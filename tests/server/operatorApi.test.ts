import { randomUUID } from 'node:crypto'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OperatorTripEvent } from '../../src/contract/operator'
import type { Passenger } from '../../src/contract/passenger'
import { tripStatusCodes, type Trip } from '../../src/contract/trip'
import { generateApiKey, hashApiKey, installOperatorKeys } from '../../server/auth/operatorKeys'
import { loadConfig } from '../../server/config/config'
import { demoOperatorKey } from '../../server/demo/operatorKeys'
import { tenantDb } from '../../server/db/tenantDb'
import { api, createTestApp, testPort, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { bookTrip, helsinkiIn, operatorEvent, progressEvents, timeZone } from './support/trips'

const place = { alias: 'Koti', address: 'Koivukuja 3, 02130 Espoo', lat: 60.2, lng: 24.6 }

describe.each(backends)('the operator API on $name', (backend) => {
  let test: TestApp
  let guardian: string
  let passenger: Passenger
  let tripNumber = 0
  const newTripId = () => `op-trip-${++tripNumber}`

  const booking = (
    passengerId: string,
    start = helsinkiIn(90),
  ): Extract<OperatorTripEvent, { type: 'booked' }> => ({
    type: 'booked',
    passengerId,
    start: start.toString({ timeZoneName: 'never' }),
    end: start.add({ minutes: 25 }).toString({ timeZoneName: 'never' }),
    startAddress: place,
    endAddress: { ...place, alias: 'Koulu', address: 'Koulukatu 5, 02100 Espoo' },
    viaPoints: [{ address: place, placeId: null, time: null, waitMinutes: 5 }],
    deductibleCents: 310,
    note: 'Turvaistuin',
  })

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo'] })
    guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    passenger = (await api(test.app, 'espoo', guardian, { url: '/api/passenger' })).json<Passenger[]>()[0]!
  })
  afterAll(() => test.close())

  it('refuses a missing, wrong, revoked or other tenant’s key with 401 invalid_api_key', async () => {
    const db = tenantDb(test.db, 'espoo')
    const revokedKey = generateApiKey()
    const id = (await db.operatorKeys.add('Old dispatch', hashApiKey(revokedKey)))!
    expect(await db.operatorKeys.revoke(id, Temporal.Now.instant())).toBe(true)
    const tripId = newTripId()
    for (const key of [null, '', 'not-a-key', 'demo-operator-demo', revokedKey]) {
      const response = await operatorEvent(test.app, 'espoo', tripId, booking(passenger.id), { key })
      expect(response.statusCode, String(key)).toBe(401)
      expect(response.json()).toMatchObject({ statusCode: 401, code: 'invalid_api_key' })
      expect(response.headers['www-authenticate']).toBeUndefined()
    }
    expect(await db.trips.find(tripId)).toBeUndefined()
  })

  it('reads a trip back as its log made it, cancelled with who and why, and only in its own tenant', async () => {
    const tripId = newTripId()
    const start = helsinkiIn(120)
    expect((await operatorEvent(test.app, 'espoo', tripId, booking(passenger.id, start))).statusCode).toBe(
      200,
    )
    const read = (tenant: 'espoo' | 'demo') =>
      test.app.inject({
        method: 'GET',
        url: `/api/operator/trips/${tripId}`,
        headers: { host: `${tenant}.localhost:${testPort}`, 'x-api-key': demoOperatorKey(tenant) },
      })
    expect((await read('espoo')).json()).toEqual({
      tripId,
      passengerId: passenger.id,
      date: start.toPlainDate().toString(),
      startDateTime: start.toString({ timeZoneName: 'never' }),
      endDateTime: start.add({ minutes: 25 }).toString({ timeZoneName: 'never' }),
      statusCode: tripStatusCodes.Booked,
      approval: null,
      cancelledAt: null,
      cancelReason: null,
      cancelledByUserId: null,
      version: 1,
    })
    const cancel = await operatorEvent(test.app, 'espoo', tripId, { type: 'cancelled', reason: 'Sairas' })
    expect(cancel.statusCode).toBe(200)
    expect((await read('espoo')).json()).toMatchObject({
      statusCode: tripStatusCodes.Cancelled,
      cancelReason: 'Sairas',
      cancelledByUserId: null,
      version: 2,
    })
    expect((await read('espoo')).json().cancelledAt).toMatch(/^\d{4}-\d\d-\d\dT.*\+0[23]:00$/)
    const elsewhere = await read('demo')
    expect(elsewhere.statusCode).toBe(404)
    expect(elsewhere.json()).toMatchObject({ code: 'not_found' })
  })

  it('creates a trip with a booking, which the passenger’s user then sees', async () => {
    const tripId = newTripId()
    const response = await operatorEvent(test.app, 'espoo', tripId, booking(passenger.id))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ tripId, seq: 1 })
    const trips = (
      await api(test.app, 'espoo', guardian, { url: `/api/passenger/${passenger.id}/trips` })
    ).json<Trip[]>()
    expect(trips.find((trip) => trip.id === tripId)).toMatchObject({
      passenger: { id: passenger.id },
      deductible: 3.1,
      note: 'Turvaistuin',
      carName: null,
      viaPoints: [{ waitTime: 5 }],
      status: { code: tripStatusCodes.Booked },
    })
  })

  it('appends events in order and updates the projection in the same step', async () => {
    const ref = await bookTrip(test.app, 'espoo', { passengerId: passenger.id, start: helsinkiIn(5) })
    const dropoff = helsinkiIn(1)
    const steps: [OperatorTripEvent, number][] = [
      [progressEvents.dispatched, tripStatusCodes.Dispatched],
      [{ type: 'enRoute', etd: helsinkiIn(5).toString({ timeZoneName: 'never' }) }, tripStatusCodes.EnRoute],
      [{ type: 'position', location: { latitude: 60.21, longitude: 24.66 } }, tripStatusCodes.EnRoute],
      [{ type: 'carWaiting' }, tripStatusCodes.CarWaiting],
      [progressEvents.pickedUp, tripStatusCodes.Pickup],
      [{ type: 'droppedOff', at: dropoff.toString({ timeZoneName: 'never' }) }, tripStatusCodes.DropOff],
    ]
    for (const [index, [event, code]] of steps.entries()) {
      const response = await operatorEvent(test.app, 'espoo', ref.id, event)
      expect(response.json()).toEqual({ tripId: ref.id, seq: index + 2 })
      const trip = await tenantDb(test.db, 'espoo').trips.find(ref.id)
      expect(trip?.statusCode).toBe(code)
      expect(trip?.version).toBe(index + 2)
    }
    const trip = await tenantDb(test.db, 'espoo').trips.find(ref.id)
    expect(trip).toMatchObject({ carName: 'Taksi 12', carLocation: { latitude: 60.21, longitude: 24.66 } })
    expect(trip?.dropoffTime?.toString()).toBe(dropoff.toInstant().toString())
  })

  it('answers 404 for events of an unknown trip and bookings of unknown or other tenants’ passengers', async () => {
    const unknownTrip = await operatorEvent(test.app, 'espoo', newTripId(), progressEvents.pickedUp)
    expect(unknownTrip.statusCode).toBe(404)
    expect(unknownTrip.json()).toMatchObject({ code: 'not_found' })
    const demoToken = await tokenFor(test.app, 'demo', 'guardian', 'demo-guardian-2026')
    const demoPassenger = (await api(test.app, 'demo', demoToken, { url: '/api/passenger' })).json<
      Passenger[]
    >()[0]!
    for (const passengerId of ['no-such-passenger', demoPassenger.id]) {
      const response = await operatorEvent(test.app, 'espoo', newTripId(), booking(passengerId))
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ code: 'not_found', errors: [{ property: 'passengerId' }] })
    }
  })

  it('stores the saved places of its passenger a booking starts and ends at, which the user then sees', async () => {
    const [home, school] = await tenantDb(test.db, 'espoo').places.listForPassenger(passenger.id)
    const tripId = newTripId()
    const response = await operatorEvent(test.app, 'espoo', tripId, {
      ...booking(passenger.id),
      startPlaceId: home!.id,
      endPlaceId: school!.id,
      viaPoints: [{ address: place, placeId: home!.id, time: null, waitMinutes: 5 }],
    })
    expect(response.statusCode).toBe(200)
    expect(await tenantDb(test.db, 'espoo').trips.find(tripId)).toMatchObject({
      startPlaceId: home!.id,
      endPlaceId: school!.id,
      viaPoints: [{ placeId: home!.id }],
    })
    const trips = (
      await api(test.app, 'espoo', guardian, { url: `/api/passenger/${passenger.id}/trips` })
    ).json<Trip[]>()
    expect(trips.find((trip) => trip.id === tripId)).toMatchObject({
      startPlace: home!.id,
      endPlace: school!.id,
      viaPoints: [{ viaPointPlace: home!.id }],
    })
  })

  it('refuses with 400 a booking naming a place of another passenger or tenant, or none', async () => {
    const passengers = (await api(test.app, 'espoo', guardian, { url: '/api/passenger' })).json<Passenger[]>()
    const sibling = passengers.find((other) => other.id !== passenger.id)!
    const [siblingPlace] = await tenantDb(test.db, 'espoo').places.listForPassenger(sibling.id)
    const demo = tenantDb(test.db, 'demo')
    const [demoPassenger] = await demo.passengers.listGranted(
      (await demo.users.findByUserName('guardian'))!.id,
    )
    const [demoPlace] = await demo.places.listForPassenger(demoPassenger!.id)
    const [own] = await tenantDb(test.db, 'espoo').places.listForPassenger(passenger.id)
    for (const foreign of [siblingPlace!.id, demoPlace!.id, 'no-such-place']) {
      const tripId = newTripId()
      const response = await operatorEvent(test.app, 'espoo', tripId, {
        ...booking(passenger.id),
        startPlaceId: own!.id,
        endPlaceId: foreign,
        viaPoints: [{ address: place, placeId: foreign, time: null, waitMinutes: 5 }],
      })
      expect(response.statusCode, foreign).toBe(400)
      expect(response.json()).toEqual({
        statusCode: 400,
        code: 'validation_failed',
        message: expect.any(String),
        errors: [
          { property: 'endPlaceId', error: 'not_found' },
          { property: 'viaPoints.0.placeId', error: 'not_found' },
        ],
      })
      expect(await tenantDb(test.db, 'espoo').trips.find(tripId)).toBeUndefined()
    }
  })

  it('answers 409 trip_event_rejected for an event the trip cannot take', async () => {
    const ref = await bookTrip(test.app, 'espoo', {
      passengerId: passenger.id,
      start: helsinkiIn(60),
      then: ['cancelled'],
    })
    for (const [event, reason] of [
      [progressEvents.pickedUp, 'trip_final'],
      [progressEvents.cancelled, 'trip_final'],
      [booking(passenger.id), 'already_booked'],
    ] as const) {
      const response = await operatorEvent(test.app, 'espoo', ref.id, event)
      expect(response.statusCode).toBe(409)
      expect(response.json()).toEqual({
        statusCode: 409,
        code: 'trip_event_rejected',
        message: expect.any(String),
        errors: [{ property: 'type', error: reason }],
      })
    }
    expect((await tenantDb(test.db, 'espoo').trips.events(ref.id)).map((event) => event.type)).toEqual([
      'booked',
      'cancelled',
    ])
  })

  it.each([
    ['an unknown event type', { type: 'teleported' }, 'type'],
    ['a booking without times', { ...booking('p'), start: undefined }, 'start'],
    ['a time without offset', { type: 'pickedUp', at: '2026-11-24T08:00:00' }, 'at'],
    ['a cancellation without reason', { type: 'cancelled' }, 'reason'],
    ['a booking that ends before it starts', { ...booking('p'), end: '2000-01-01T00:00:00+02:00' }, 'end'],
  ])('answers %s with 400 validation_failed', async (_name, event, property) => {
    const response = await operatorEvent(test.app, 'espoo', newTripId(), event as OperatorTripEvent)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      errors: [expect.objectContaining({ property })],
    })
  })

  it.each([
    ['ten fractional digits', { at: '2026-11-24T08:00:00.1234567891+02:00' }, 'at'],
    ['the year 0', { start: '0000-01-01T08:00:00Z', end: '0000-01-01T09:00:00Z' }, 'start'],
    ['the year 9999 turning 10000 in UTC', { start: '9999-12-31T23:00:00-23:00' }, 'start'],
  ])('answers a time with %s with 400, not 500', async (_name, times, property) => {
    const response = await operatorEvent(test.app, 'espoo', newTripId(), {
      ...booking(passenger.id),
      ...times,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ property, error: 'invalid_date' }],
    })
  })

  describe('trip ids', () => {
    const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
      test.app.inject({
        method,
        url: path,
        headers: { host: `espoo.localhost:${testPort}`, 'x-api-key': demoOperatorKey('espoo') },
        ...(payload ? { payload } : {}),
      })
    const date = () => Temporal.Now.plainDateISO(timeZone).toString()

    it.each([
      ['the issue’s CR/LF injection', 'x\r\nBEGIN:VEVENT\r\nSUMMARY:PWN\r\nEND:VEVENT'],
      ['a bare line feed', 'x\ny'],
      ['a space', 'trip 1'],
      ['a semicolon and comma', 'a;b,c'],
      ['a letter outside ASCII', 'matka-ä'],
      ['101 characters', 'a'.repeat(101)],
    ])('refuses %s in a trip id with 400 validation_failed on every operator route', async (_name, id) => {
      const path = `/api/operator/trips/${encodeURIComponent(id)}`
      for (const response of [
        await operatorEvent(test.app, 'espoo', id, booking(passenger.id)),
        await operatorEvent(test.app, 'espoo', id, progressEvents.pickedUp),
        await call('POST', `${path}/trackingLinks`, { date: date() }),
        await call('GET', `${path}/trackingLinks?date=${date()}`),
      ]) {
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({
          statusCode: 400,
          code: 'validation_failed',
          message: expect.any(String),
          errors: [expect.objectContaining({ property: 'id' })],
        })
      }
      expect(await tenantDb(test.db, 'espoo').trips.find(id)).toBeUndefined()
    })

    it('takes a trip id of letters, digits and ._:- up to 100 characters', async () => {
      const id = `Op.1:2_3-${randomUUID()}`.padEnd(100, 'z')
      const response = await operatorEvent(test.app, 'espoo', id, booking(passenger.id))
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ tripId: id, seq: 1 })
    })

    it('refuses a trip id that could break a line in the portal’s bodies too', async () => {
      const response = await api(test.app, 'espoo', guardian, {
        method: 'POST',
        url: '/api/trip/status',
        payload: { passengerId: passenger.id, tripId: 'x\r\nSUMMARY:PWN', date: date() },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ property: 'tripId' }] })
    })
  })

  describe('a trip’s end', () => {
    /** A trip of next week at 08:00 (its day in Helsinki whatever the hour the test runs). */
    const start = () =>
      Temporal.Now.plainDateISO(timeZone).add({ days: 7 }).toZonedDateTime({ timeZone, plainTime: '08:00' })
    const iso = (time: Temporal.ZonedDateTime) => time.toString({ timeZoneName: 'never' })

    it.each([
      ['12 hours and a minute after its start', 400, { hours: 12, minutes: 1 }],
      ['exactly 12 hours after its start', 200, { hours: 12 }],
      ['before its start', 400, { minutes: -1 }],
    ] as const)('in a booking, %s, is answered %i', async (_name, status, after) => {
      const tripId = newTripId()
      const response = await operatorEvent(test.app, 'espoo', tripId, {
        ...booking(passenger.id, start()),
        end: iso(start().add(after)),
      })
      expect(response.statusCode).toBe(status)
      if (status === 400) {
        expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ property: 'end' }] })
        expect(await tenantDb(test.db, 'espoo').trips.find(tripId)).toBeUndefined()
      }
    })

    it.each([
      ['12 hours and a minute after its start', 400, { hours: 12, minutes: 1 }],
      ['exactly 12 hours after its start', 200, { hours: 12 }],
      ['before its start', 400, { minutes: -1 }],
    ] as const)('in a rescheduled event, %s, is answered %i', async (_name, status, after) => {
      const ref = await bookTrip(test.app, 'espoo', { passengerId: passenger.id, start: start() })
      const moved = start().add({ minutes: 30 })
      const response = await operatorEvent(test.app, 'espoo', ref.id, {
        type: 'rescheduled',
        start: iso(moved),
        end: iso(moved.add(after)),
      })
      expect(response.statusCode).toBe(status)
      const trip = await tenantDb(test.db, 'espoo').trips.find(ref.id)
      if (status === 400) {
        expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ property: 'end' }] })
        expect(trip?.version).toBe(1)
      } else {
        expect(trip?.end.toString()).toBe(moved.add(after).toInstant().toString())
      }
    })
  })

  it('answers a number the database cannot hold with 400 bad_request', async () => {
    const event = { ...booking(passenger.id), deductibleCents: 2 ** 40 }
    const response = await operatorEvent(test.app, 'espoo', newTripId(), event)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'bad_request' })
  })

  it('is idempotent per operator key', async () => {
    const ref = await bookTrip(test.app, 'espoo', { passengerId: passenger.id, start: helsinkiIn(60) })
    const send = () =>
      operatorEvent(test.app, 'espoo', ref.id, progressEvents.dispatched, {
        headers: { 'idempotency-key': 'evt-1' },
      })
    const first = await send()
    const again = await send()
    expect(first.json()).toEqual({ tripId: ref.id, seq: 2 })
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toBe(first.body)
    expect(await tenantDb(test.db, 'espoo').trips.events(ref.id)).toHaveLength(2)
  })

  it('takes production keys from OPERATOR_API_KEYS, stored once and only hashed', async () => {
    const key = generateApiKey()
    const config = loadConfig({ OPERATOR_API_KEYS: ` espoo=${key} ,demo=${key}` })
    expect(config.operatorApiKeys).toEqual([
      { tenant: 'espoo', key },
      { tenant: 'demo', key },
    ])
    const grants = config.operatorApiKeys.map((grant) => ({ ...grant, name: 'env' }))
    expect(await installOperatorKeys(test.db, grants)).toBe(2)
    expect(await installOperatorKeys(test.db, grants)).toBe(0)
    const stored = await test.db.selectFrom('operator_api_keys').select('key_hash').execute()
    expect(stored.some((row) => row.key_hash === hashApiKey(key))).toBe(true)
    expect(JSON.stringify(stored)).not.toContain(key)
    const tripId = newTripId()
    expect((await operatorEvent(test.app, 'espoo', tripId, booking(passenger.id), { key })).statusCode).toBe(
      200,
    )
    for (const raw of ['espoo', 'nowhere=' + key, 'espoo=short', `espoo=${key} x`]) {
      expect(() => loadConfig({ OPERATOR_API_KEYS: raw }), raw).toThrow(/OPERATOR_API_KEYS/)
    }
  })
})
