import { sql } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract/endpoints'
import type { Passenger } from '../../src/contract/passenger'
import type { Trip } from '../../src/contract/trip'
import { tenantDb } from '../../server/db/tenantDb'
import { toTripView } from '../../server/domain/tripView'
import { tripWindow } from '../../server/reads/tripWindow'
import { api, createTestApp, testPort, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { bookTrip, helsinkiIn, operatorEvent, progressEvents } from './support/trips'

/**
 * Reads are answered without running the contract's schemas on the way out, and trips from the view stored
 * with their projection: these prove the answers are still exactly the contract and the event log's truth.
 */
describe.each(backends)('read answers on $name', (backend) => {
  let test: TestApp
  let guardian: string
  let passengers: Passenger[]

  const tripsOf = async (passengerId: string, host = `espoo.localhost:${testPort}`): Promise<Trip[]> => {
    const response = await test.app.inject({
      url: `/api/passenger/${passengerId}/trips`,
      headers: { host, 'x-tenant': 'espoo', authorization: `Bearer ${guardian}` },
    })
    expect(response.statusCode).toBe(200)
    return response.json()
  }

  /** Each trip as its projection derives it now, in `timeZone`. */
  const derived = async (trips: Trip[], timeZone: string) => {
    const db = tenantDb(test.db, 'espoo')
    return Promise.all(
      trips.map(async (trip) => {
        const projection = await db.trips.find(trip.id)
        return JSON.parse(JSON.stringify(toTripView(projection!, trip.passenger, timeZone))) as Trip
      }),
    )
  }

  beforeAll(async () => {
    // A .uk host the tenant configures (TENANT_HOSTS): the spec's zone rule applies to it.
    test = await createTestApp(backend, {
      seed: ['espoo'],
      config: { extraHosts: { 'portal.example.uk': 'espoo' } },
    })
    guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    passengers = (await api(test.app, 'espoo', guardian, { url: '/api/passenger' })).json()
  })
  afterAll(() => test.close())

  it('answers every read exactly in its contract: nothing its schema would strip or change', async () => {
    const reads = [
      { endpoint: endpoints.getAccount, url: '/api/account' },
      { endpoint: endpoints.listPassengers, url: '/api/passenger' },
      { endpoint: endpoints.listPassengerReads, url: '/api/passenger/reads' },
      { endpoint: endpoints.listPassengerReads, url: '/api/passenger/reads?permissions=true' },
      ...passengers.flatMap((passenger) => [
        { endpoint: endpoints.listPlaces, url: `/api/passenger/${passenger.id}/places` },
        { endpoint: endpoints.listTrips, url: `/api/passenger/${passenger.id}/trips` },
        {
          endpoint: endpoints.listTransportationPermissions,
          url: `/api/passenger/${passenger.id}/transportationPermissions`,
        },
        {
          endpoint: endpoints.listQuotas,
          url: `/api/passenger/${passenger.id}/quotas?date=${Temporal.Now.plainDateISO('Europe/Helsinki').toString()}`,
        },
      ]),
    ]
    for (const { endpoint, url } of reads) {
      const response = await api(test.app, 'espoo', guardian, { url })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type'], url).toBe('application/json; charset=utf-8')
      const body: unknown = response.json()
      expect(body, url).toStrictEqual(endpoint.response.parse(body))
    }
  })

  it('answers the passengers’ reads in one call exactly as their own calls answer them', async () => {
    const get = async (url: string) => (await api(test.app, 'espoo', guardian, { url })).json()
    const one = async (passenger: Passenger, permissions: boolean) => ({
      passenger,
      places: await get(`/api/passenger/${passenger.id}/places`),
      trips: await get(`/api/passenger/${passenger.id}/trips`),
      // The demo's trips were all booked by the operator: none awaits approval (tests/server/booking.test.ts).
      bookings: [],
      ...(permissions
        ? { permissions: await get(`/api/passenger/${passenger.id}/transportationPermissions`) }
        : {}),
    })
    expect(passengers.length).toBeGreaterThan(1)
    expect(await get('/api/passenger/reads')).toStrictEqual(
      await Promise.all(passengers.map((passenger) => one(passenger, false))),
    )
    expect(await get('/api/passenger/reads?permissions=true')).toStrictEqual(
      await Promise.all(passengers.map((passenger) => one(passenger, true))),
    )
    const bad = await api(test.app, 'espoo', guardian, { url: '/api/passenger/reads?permissions=yes' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' })
    const anonymous = await test.app.inject({
      url: '/api/passenger/reads',
      headers: { host: `espoo.localhost:${testPort}`, 'x-tenant': 'espoo' },
    })
    expect(anonymous.statusCode).toBe(401)
  })

  it('lists each trip as its event log derives it, in Helsinki and on a .uk host in London', async () => {
    for (const passenger of passengers) {
      const helsinki = await tripsOf(passenger.id)
      expect(helsinki).toStrictEqual(await derived(helsinki, 'Europe/Helsinki'))
      const london = await tripsOf(passenger.id, 'portal.example.uk')
      expect(london).toStrictEqual(await derived(london, 'Europe/London'))
      // The same trips, but for those only one zone's window holds: London's day starts two hours later, so
      // a trip started after midnight in Helsinki is yesterday's there until 02:00 Helsinki time.
      const inLondon = tripWindow('Europe/London')
      const inBoth = helsinki.filter((trip) => {
        const start = Temporal.Instant.from(trip.startDateTime)
        return (
          Temporal.Instant.compare(start, inLondon.from) >= 0 &&
          Temporal.Instant.compare(start, inLondon.to) < 0
        )
      })
      expect(london.map((trip) => trip.id).filter((id) => helsinki.some((trip) => trip.id === id))).toEqual(
        inBoth.map((trip) => trip.id),
      )
    }
  })

  it('lists a trip as it is after each new event', async () => {
    const passengerId = passengers[0]!.id
    const ref = await bookTrip(test.app, 'espoo', { passengerId, start: helsinkiIn(120) })
    const booked = (await tripsOf(passengerId)).find((trip) => trip.id === ref.id)
    expect(booked?.carRegisterNumber).toBeNull()
    expect((await operatorEvent(test.app, 'espoo', ref.id, progressEvents.dispatched)).statusCode).toBe(200)
    const dispatched = (await tripsOf(passengerId)).find((trip) => trip.id === ref.id)
    expect(dispatched?.carRegisterNumber).toBe('KLT-412')
    expect([dispatched]).toStrictEqual(await derived([dispatched!], 'Europe/Helsinki'))
  })

  it('answers an empty list for a granted passenger without trips, and 404 before the grant', async () => {
    const db = tenantDb(test.db, 'espoo')
    const guardianUser = await db.users.findByUserName('guardian')
    await db.passengers.insertMany([
      { id: 'no-trips', name: 'Ilman Matkoja', phone: null, avatar_text: 'IM' },
    ])
    const before = await api(test.app, 'espoo', guardian, { url: '/api/passenger/no-trips/trips' })
    expect(before.statusCode).toBe(404)
    await db.passengers.grant(guardianUser!.id, ['no-trips'])
    expect(await tripsOf('no-trips')).toEqual([])
  })

  it('derives the view of a trip stored before views were stored', async () => {
    const passengerId = passengers[0]!.id
    const before = await tripsOf(passengerId)
    await sql`update trips set view = null where tenant_id = 'espoo' and passenger_id = ${passengerId}`.execute(
      test.db,
    )
    expect(await tripsOf(passengerId)).toStrictEqual(before)
  })
})
