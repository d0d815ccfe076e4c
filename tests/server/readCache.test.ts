import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Passenger } from '../../src/contract/passenger'
import type { Trip } from '../../src/contract/trip'
import type { TripRef } from '../../src/contract/tripCommands'
import type { TenantId } from '../../tenants'
import { api, createTestApp, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { bookTrip, completedTodayStart, helsinkiIn, operatorEvent, progressEvents } from './support/trips'

/**
 * The hot reads answer from each instance's answer cache (server/reads/): every write, on this instance or
 * another over the same database, must show in the very next read on both, and cached bytes must never reach a
 * user without a grant or another tenant.
 */
describe.each(backends)('cached reads on $name', (backend) => {
  let test: TestApp
  let first: FastifyInstance
  let second: FastifyInstance
  let guardian: string
  let single: string
  let demoGuardian: string
  let passenger: Passenger

  const trips = (
    app: FastifyInstance,
    token: string,
    passengerId = passenger.id,
    tenant: TenantId = 'espoo',
  ) => api(app, tenant, token, { url: `/api/passenger/${passengerId}/trips` })
  const tripOn = async (app: FastifyInstance, ref: TripRef) => {
    const response = await trips(app, guardian)
    expect(response.statusCode).toBe(200)
    return response.json<Trip[]>().find((trip) => trip.id === ref.id)
  }
  const passengersOf = async (app: FastifyInstance, token: string) =>
    (await api(app, 'espoo', token, { url: '/api/passenger' })).json<Passenger[]>()
  /** Reads on both instances, so that both hold the answer before the write under test. */
  const warm = async (ref: TripRef) => {
    expect(await tripOn(first, ref)).toBeDefined()
    expect(await tripOn(second, ref)).toBeDefined()
  }

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo'] })
    first = test.app
    second = await test.secondInstance()
    guardian = await tokenFor(first, 'espoo', 'guardian', 'demo-guardian-2026')
    single = await tokenFor(first, 'espoo', 'single', 'demo-single-2026')
    demoGuardian = await tokenFor(first, 'demo', 'guardian', 'demo-guardian-2026')
    passenger = (await passengersOf(first, guardian))[0]!
  })
  afterAll(() => test.close())

  it('shows a cancellation made on one instance in the next read on both', async () => {
    const ref = await bookTrip(first, 'espoo', { passengerId: passenger.id, start: helsinkiIn(24 * 60) })
    await warm(ref)
    const cancel = await api(second, 'espoo', guardian, {
      method: 'POST',
      url: '/api/trip/cancel',
      payload: { trips: [ref], reason: 'Sairastunut', source: 'detail' },
    })
    expect(cancel.statusCode).toBe(200)
    expect((await tripOn(second, ref))?.cancelledAt).not.toBeNull()
    expect((await tripOn(first, ref))?.cancelledAt).not.toBeNull()
  })

  it("shows an operator's event in the next read on both", async () => {
    const ref = await bookTrip(first, 'espoo', { passengerId: passenger.id, start: helsinkiIn(24 * 60) })
    await warm(ref)
    expect((await operatorEvent(first, 'espoo', ref.id, progressEvents.dispatched)).statusCode).toBe(200)
    expect((await tripOn(first, ref))?.carName).toBe(progressEvents.dispatched.car.name)
    expect((await tripOn(second, ref))?.carName).toBe(progressEvents.dispatched.car.name)
  })

  it('shows a review in the next read on both', async () => {
    const ref = await bookTrip(first, 'espoo', {
      passengerId: passenger.id,
      start: completedTodayStart(),
      then: ['pickedUp', 'droppedOff'],
    })
    await warm(ref)
    const review = await api(first, 'espoo', guardian, {
      method: 'POST',
      url: '/api/trip/review',
      payload: { trip: ref, comment: 'Hyvä', driverStars: 4, experienceStars: 4 },
    })
    expect(review.statusCode).toBe(200)
    expect((await tripOn(first, ref))?.reviews).toHaveLength(1)
    expect((await tripOn(second, ref))?.reviews).toHaveLength(1)
  })

  it("shows a passenger's new initials in the list and in the trips on both", async () => {
    const ref = await bookTrip(first, 'espoo', { passengerId: passenger.id, start: helsinkiIn(24 * 60) })
    await warm(ref)
    await passengersOf(first, guardian)
    await passengersOf(second, guardian)
    const update = await api(second, 'espoo', guardian, {
      method: 'PUT',
      url: `/api/passenger/${passenger.id}`,
      payload: { avatarText: 'ZZ' },
    })
    expect(update.statusCode).toBe(200)
    for (const app of [first, second]) {
      expect((await passengersOf(app, guardian)).find((each) => each.id === passenger.id)?.avatarText).toBe(
        'ZZ',
      )
      expect((await tripOn(app, ref))?.passenger.avatarText).toBe('ZZ')
    }
  })

  it('shows a grant given and a grant taken away in the next read on both', async () => {
    const before = (await passengersOf(first, single)).map((each) => each.id)
    await passengersOf(second, single)
    const added = await api(first, 'espoo', single, {
      method: 'POST',
      url: '/api/passenger',
      payload: { token: 'LISAA-1005' },
    })
    expect(added.statusCode).toBe(200)
    const addedId = added.json<Passenger>().id
    for (const app of [first, second]) {
      expect((await passengersOf(app, single)).map((each) => each.id)).toEqual(
        expect.arrayContaining([...before, addedId]),
      )
      expect((await trips(app, single, addedId)).statusCode).toBe(200)
    }
    await test.db
      .deleteFrom('passenger_grants')
      .where('tenant_id', '=', 'espoo')
      .where('passenger_id', '=', addedId)
      .execute()
    for (const app of [first, second]) {
      expect((await passengersOf(app, single)).map((each) => each.id)).not.toContain(addedId)
      expect((await trips(app, single, addedId)).statusCode).toBe(404)
    }
  })

  it("never gives another user's cached trips to a user without a grant", async () => {
    expect((await trips(first, guardian)).statusCode).toBe(200)
    expect((await trips(second, guardian)).statusCode).toBe(200)
    for (const app of [first, second]) {
      const response = await trips(app, single)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ code: 'not_found' })
    }
  })

  it("never gives a tenant's cached answers to another tenant", async () => {
    expect((await trips(first, guardian)).statusCode).toBe(200)
    const response = await trips(first, demoGuardian, passenger.id, 'demo')
    expect(response.statusCode).toBe(404)
    const demoList = (await api(first, 'demo', demoGuardian, { url: '/api/passenger' })).json<Passenger[]>()
    expect(demoList.map((each) => each.id)).not.toContain(passenger.id)
    // The espoo token is not a demo token, cached or not.
    expect((await api(first, 'demo', guardian, { url: '/api/passenger' })).statusCode).toBe(401)
  })
})
