import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Passenger, Place } from '../../src/contract/passenger'
import { trip as tripSchema, tripStatusCodes, type Trip } from '../../src/contract/trip'
import { accessCodeHash } from '../../server/db/repositories/passengers'
import { tenantDb } from '../../server/db/tenantDb'
import { api, createTestApp, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'

describe.each(backends)('passenger calls on $name', (backend) => {
  let test: TestApp
  let guardian: string
  let single: string
  let demoGuardian: string
  let passengers: Passenger[]

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo'] })
    guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    single = await tokenFor(test.app, 'espoo', 'single', 'demo-single-2026')
    demoGuardian = await tokenFor(test.app, 'demo', 'guardian', 'demo-guardian-2026')
    passengers = (await api(test.app, 'espoo', guardian, { url: '/api/passenger' })).json()
  })
  afterAll(() => test.close())

  it('lists only the passengers granted to the user, by name', async () => {
    expect(passengers).toHaveLength(3)
    expect(passengers.map((passenger) => passenger.name)).toEqual([...passengers.map((p) => p.name)].sort())
    expect(passengers[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      phone: expect.any(String),
      avatarText: expect.stringMatching(/^[A-ZÅÄÖ]{1,2}$/),
    })
    const own = (await api(test.app, 'espoo', single, { url: '/api/passenger' })).json()
    expect(own).toHaveLength(1)
  })

  it('lists a passenger’s places with the fields of spec section 3', async () => {
    const places: Place[] = (
      await api(test.app, 'espoo', guardian, { url: `/api/passenger/${passengers[0]!.id}/places` })
    ).json()
    expect(places.length).toBeGreaterThanOrEqual(2)
    const home = places.find((place) => place.isHome)
    expect(home).toMatchObject({ alias: 'Koti', city: 'Espoo', isPickup: true, source: 'productDestination' })
    expect(home?.latitude).toBeCloseTo(60.2, 0)
  })

  it('lists trips from today to two weeks ahead, by start time, in the contract shape', async () => {
    const today = Temporal.Now.zonedDateTimeISO('Europe/Helsinki').toPlainDate()
    const all: Trip[] = []
    for (const passenger of passengers) {
      const response = await api(test.app, 'espoo', guardian, { url: `/api/passenger/${passenger.id}/trips` })
      expect(response.statusCode).toBe(200)
      const trips: Trip[] = response.json()
      for (const trip of trips) tripSchema.parse(trip)
      const starts = trips.map((trip) => Temporal.Instant.from(trip.startDateTime).epochMilliseconds)
      expect(starts).toEqual([...starts].sort((a, b) => a - b))
      expect(trips.every((trip) => trip.passenger.id === passenger.id)).toBe(true)
      all.push(...trips)
    }
    const dates = all.map((trip) => Temporal.PlainDate.from(trip.date))
    expect(dates.every((date) => Temporal.PlainDate.compare(date, today) >= 0)).toBe(true)
    expect(dates.every((date) => Temporal.PlainDate.compare(date, today.add({ days: 14 })) <= 0)).toBe(true)
    expect(all.some((trip) => trip.date === today.toString())).toBe(true)
    expect(all.find((trip) => trip.status?.code === tripStatusCodes.Cancelled)?.cancelReason).toBeTruthy()
    expect(
      all.find((trip) => trip.status?.code === tripStatusCodes.Dispatched)?.carRegisterNumber,
    ).toBeTruthy()
    expect(all.some((trip) => trip.deductible === 3.1)).toBe(true)
    expect(all.some((trip) => trip.viaPoints.length > 0 && trip.viaPoints[0]!.waitTime > 0)).toBe(true)
    expect(all[0]?.startDateTime).toMatch(/[+-]\d\d:\d\d$/)
  })

  it('leaves out trips before today', async () => {
    const db = tenantDb(test.db, 'espoo')
    const passenger = passengers[0]!
    const yesterday = Temporal.Now.zonedDateTimeISO('Europe/Helsinki')
      .startOfDay()
      .subtract({ hours: 12 })
      .toInstant()
    const place = { alias: null, address: 'Vanha tie 1', lat: null, lng: null }
    await db.trips.recordNewTrips([
      {
        id: 'old-trip',
        events: [
          {
            type: 'booked',
            seq: 1,
            at: yesterday,
            passengerId: passenger.id,
            start: yesterday,
            end: yesterday.add({ minutes: 20 }),
            startPlaceId: null,
            endPlaceId: null,
            startAddress: place,
            endAddress: place,
            viaPoints: [],
            deductibleCents: null,
            note: null,
            allowEtaQuery: false,
            allowReview: false,
          },
        ],
      },
    ])
    const trips: Trip[] = (
      await api(test.app, 'espoo', guardian, { url: `/api/passenger/${passenger.id}/trips` })
    ).json()
    expect(trips.map((trip) => trip.id)).not.toContain('old-trip')
  })

  it('changes a passenger’s initials, stored upper-case', async () => {
    const id = passengers[1]!.id
    const response = await api(test.app, 'espoo', guardian, {
      method: 'PUT',
      url: `/api/passenger/${id}`,
      payload: { avatarText: 'xy' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ id, avatarText: 'XY' })
    const listed: Passenger[] = (await api(test.app, 'espoo', guardian, { url: '/api/passenger' })).json()
    expect(listed.find((passenger) => passenger.id === id)?.avatarText).toBe('XY')
    for (const avatarText of ['', 'abc', '   ']) {
      const bad = await api(test.app, 'espoo', guardian, {
        method: 'PUT',
        url: `/api/passenger/${id}`,
        payload: { avatarText },
      })
      expect(bad.statusCode, avatarText).toBe(400)
      expect(bad.json()).toMatchObject({ code: 'validation_failed', errors: [{ property: 'avatarText' }] })
    }
  })

  it('adds a passenger with a valid access code, once', async () => {
    const add = (token: string) =>
      api(test.app, 'espoo', single, { method: 'POST', url: '/api/passenger', payload: { token } })
    const added = await add(' lisaa-1002 ')
    expect(added.statusCode).toBe(200)
    expect(added.json()).toMatchObject({ name: 'Oliver Hämäläinen', avatarText: 'OH' })
    const listed: Passenger[] = (await api(test.app, 'espoo', single, { url: '/api/passenger' })).json()
    expect(listed.map((passenger) => passenger.id)).toContain(added.json().id)

    const reused = await add('LISAA-1002')
    expect(reused.statusCode).toBe(404)
    expect(reused.json()).toMatchObject({ statusCode: 404, code: 'invalid_token' })
    const used = await test.db
      .selectFrom('access_codes')
      .select(['used_at', 'used_by_user_id'])
      .where('tenant_id', '=', 'espoo')
      .where('token', '=', accessCodeHash('LISAA-1002'))
      .executeTakeFirstOrThrow()
    expect(used.used_at).not.toBeNull()
  })

  it('refuses unknown, expired and other tenants’ access codes', async () => {
    await test.db
      .updateTable('access_codes')
      .set({ expires_at: Temporal.Now.instant().subtract({ minutes: 1 }) })
      .where('tenant_id', '=', 'espoo')
      .where('token', '=', accessCodeHash('LISAA-1003'))
      .execute()
    await test.db
      .updateTable('access_codes')
      .set({ used_at: Temporal.Now.instant() })
      .where('tenant_id', '=', 'espoo')
      .where('token', '=', accessCodeHash('LISAA-1004'))
      .execute()
    for (const token of ['LISAA-9999', 'LISAA-1003']) {
      const response = await api(test.app, 'espoo', single, {
        method: 'POST',
        url: '/api/passenger',
        payload: { token },
      })
      expect(response.statusCode, token).toBe(404)
      expect(response.json().code).toBe('invalid_token')
    }
    // LISAA-1004 is used up in espoo, but demo's own LISAA-1004 still works there.
    const espoo = await api(test.app, 'espoo', single, {
      method: 'POST',
      url: '/api/passenger',
      payload: { token: 'LISAA-1004' },
    })
    expect(espoo.statusCode).toBe(404)
    const demo = await api(test.app, 'demo', demoGuardian, {
      method: 'POST',
      url: '/api/passenger',
      payload: { token: 'LISAA-1004' },
    })
    expect(demo.statusCode).toBe(200)
    const short = await api(test.app, 'espoo', single, {
      method: 'POST',
      url: '/api/passenger',
      payload: { token: 'x' },
    })
    expect(short.statusCode).toBe(400)
  })

  it('answers 404 for another user’s passenger, on every passenger call', async () => {
    const foreignId = passengers[0]!.id
    for (const request of [
      { url: `/api/passenger/${foreignId}/places` },
      { url: `/api/passenger/${foreignId}/trips` },
      { method: 'PUT' as const, url: `/api/passenger/${foreignId}`, payload: { avatarText: 'ZZ' } },
    ]) {
      const response = await api(test.app, 'espoo', single, request)
      expect(response.statusCode, request.url).toBe(404)
      expect(response.json()).toMatchObject({ statusCode: 404, code: 'not_found' })
    }
  })

  it('answers 404 for another tenant’s passenger, even through the header or path of that tenant', async () => {
    const espooId = passengers[0]!.id
    const demoPassengers: Passenger[] = (
      await api(test.app, 'demo', demoGuardian, { url: '/api/passenger' })
    ).json()
    const demoId = demoPassengers[0]!.id
    for (const url of [`/api/passenger/${demoId}/trips`, `/api/passenger/${demoId}/places`]) {
      expect((await api(test.app, 'espoo', guardian, { url })).statusCode).toBe(404)
    }
    expect(
      (await api(test.app, 'demo', demoGuardian, { url: `/api/passenger/${espooId}/trips` })).statusCode,
    ).toBe(404)
    const viaHeader = await test.app.inject({
      url: `/api/passenger/${demoId}/trips`,
      headers: { host: 'localhost:9137', 'x-tenant': 'espoo', authorization: `Bearer ${guardian}` },
    })
    expect(viaHeader.statusCode).toBe(404)
  })

  it('answers unknown ids with 404 and over-long ids with 400', async () => {
    const unknown = await api(test.app, 'espoo', guardian, {
      url: '/api/passenger/00000000-0000-0000-0000-000000000000/trips',
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ code: 'not_found' })
    const long = await api(test.app, 'espoo', guardian, { url: `/api/passenger/${'x'.repeat(65)}/places` })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ property: 'id', error: 'too_big' }],
    })
  })

  it('needs a token for every passenger call', async () => {
    for (const url of ['/api/passenger', `/api/passenger/${passengers[0]!.id}/trips`]) {
      expect((await api(test.app, 'espoo', null, { url })).statusCode).toBe(401)
    }
  })
})
