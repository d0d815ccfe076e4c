import { sql } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Passenger } from '../../src/contract/passenger'
import { trip as tripSchema, tripStatusCodes, type Trip } from '../../src/contract/trip'
import type { TripRef } from '../../src/contract/tripCommands'
import { tenantDb } from '../../server/db/tenantDb'
import { appendOperatorEvent } from '../../server/trips/operatorEvents'
import { projectTrip } from '../../server/domain/tripProjection'
import { api, createTestApp, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import {
  bookTrip,
  helsinkiIn,
  operatorEvent,
  progressEvents,
  timeZone,
  type BookOptions,
} from './support/trips'
import { waitersOf } from './support/locks'

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

describe.each(backends)('cancelling trips on $name', (backend) => {
  let test: TestApp
  let guardian: string
  let single: string
  let demoGuardian: string
  let passenger: Passenger
  let guardianId: string

  const book = (options: Omit<BookOptions, 'passengerId'>) =>
    bookTrip(test.app, 'espoo', { passengerId: passenger.id, ...options })
  const cancel = (
    token: string,
    trips: TripRef[],
    reason = ' Sairastunut ',
    tenant: 'espoo' | 'demo' = 'espoo',
  ) => api(test.app, tenant, token, { method: 'POST', url: '/api/trip/cancel', payload: { trips, reason } })
  const cancelFrom = (source: string, trips: TripRef[]) =>
    api(test.app, 'espoo', guardian, {
      method: 'POST',
      url: '/api/trip/cancel',
      payload: { trips, reason: 'Sairastunut', source },
    })
  /** A trip of today whose start has just passed, with no pickup yet. */
  const startedToday = () => {
    const now = Temporal.Now.zonedDateTimeISO(timeZone)
    const start = now.subtract({ minutes: 5 })
    return book({ start: start.toPlainDate().equals(now.toPlainDate()) ? start : now.startOfDay() })
  }

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo'] })
    guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    single = await tokenFor(test.app, 'espoo', 'single', 'demo-single-2026')
    demoGuardian = await tokenFor(test.app, 'demo', 'guardian', 'demo-guardian-2026')
    passenger = (await api(test.app, 'espoo', guardian, { url: '/api/passenger' })).json<Passenger[]>()[0]!
    guardianId = (await api(test.app, 'espoo', guardian, { url: '/api/account' })).json<{ id: string }>().id
  })
  afterAll(() => test.close())

  it('cancels a future trip with the reason, records who did it, and shows it in the trip list', async () => {
    const ref = await book({ start: helsinkiIn(24 * 60) })
    const response = await cancel(guardian, [ref])
    expect(response.statusCode).toBe(200)
    const [cancelled] = response.json<Trip[]>()
    expect(tripSchema.parse(cancelled)).toEqual(cancelled)
    expect(cancelled).toMatchObject({ id: ref.id, date: ref.date, cancelReason: 'Sairastunut' })
    expect(cancelled!.status?.code).toBe(tripStatusCodes.Cancelled)
    expect(cancelled!.cancelledAt).toMatch(/[+-]\d\d:\d\d$/)

    const db = tenantDb(test.db, 'espoo')
    const events = await db.trips.events(ref.id)
    expect(events.at(-1)).toMatchObject({ type: 'cancelled', reason: 'Sairastunut', userId: guardianId })
    expect(plain(projectTrip(ref.id, events))).toEqual(plain(await db.trips.find(ref.id)))
    const listed = (
      await api(test.app, 'espoo', guardian, { url: `/api/passenger/${passenger.id}/trips` })
    ).json<Trip[]>()
    expect(listed.find((trip) => trip.id === ref.id)?.cancelReason).toBe('Sairastunut')
  })

  it('cancels a trip early today by its date in Helsinki, which is yesterday in UTC', async () => {
    const start = Temporal.Now.zonedDateTimeISO(timeZone).startOfDay().add({ minutes: 1 })
    const ref = await book({ start })
    expect(start.toInstant().toZonedDateTimeISO('UTC').toPlainDate().toString()).not.toBe(ref.date)
    const response = await cancel(guardian, [ref])
    expect(response.statusCode).toBe(200)
    expect(response.json<Trip[]>().map((trip) => trip.id)).toEqual([ref.id])
  })

  it('cancels what it can and leaves out the rest', async () => {
    const open = await book({ start: helsinkiIn(60 * 24) })
    const aboard = await book({ start: helsinkiIn(-10), then: ['dispatched', 'pickedUp'] })
    const later = await book({ start: helsinkiIn(60 * 48) })
    const response = await cancel(guardian, [
      open,
      aboard,
      { id: 'no-such-trip', date: open.date },
      later,
      open,
    ])
    expect(response.statusCode).toBe(200)
    expect(response.json<Trip[]>().map((trip) => trip.id)).toEqual([open.id, later.id])
    const aboardNow = await tenantDb(test.db, 'espoo').trips.find(aboard.id)
    expect(aboardNow?.cancelledAt).toBeNull()
  })

  it('answers 409 trip_not_cancellable with the reason of every trip when none can be cancelled', async () => {
    const aboard = await book({ start: helsinkiIn(-10), then: ['pickedUp'] })
    const done = await book({ start: helsinkiIn(-90), then: ['pickedUp', 'droppedOff'] })
    const noShow = await book({ start: helsinkiIn(-30), then: ['noShow'] })
    const cancelled = await book({ start: helsinkiIn(120), then: ['cancelled'] })
    const yesterday = await book({ start: Temporal.Now.zonedDateTimeISO(timeZone).subtract({ days: 1 }) })
    const future = await book({ start: helsinkiIn(24 * 60) })
    // A trip is known by the date of its start or its end (spec section 3); booked late in the evening, this one
    // ends the next day, so the date it is not known by is two days on.
    const wrongDate = {
      id: future.id,
      date: Temporal.PlainDate.from(future.date).add({ days: 2 }).toString(),
    }
    const response = await cancel(guardian, [aboard, done, noShow, cancelled, yesterday, wrongDate])
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      statusCode: 409,
      code: 'trip_not_cancellable',
      message: expect.any(String),
      errors: [
        { property: 'trips.0', error: 'picked_up' },
        { property: 'trips.1', error: 'completed' },
        { property: 'trips.2', error: 'no_show' },
        { property: 'trips.3', error: 'cancelled' },
        { property: 'trips.4', error: 'past' },
        { property: 'trips.5', error: 'not_found' },
      ],
    })
  })

  it('judges a wizard cancellation by the wizard’s rule: a trip of today whose start has passed is past', async () => {
    const started = await startedToday()
    const upcoming = await book({ start: helsinkiIn(60) })
    const some = await cancelFrom('wizard', [started, upcoming])
    expect(some.statusCode).toBe(200)
    expect(some.json<Trip[]>().map((trip) => trip.id)).toEqual([upcoming.id])
    const none = await cancelFrom('wizard', [started])
    expect(none.statusCode).toBe(409)
    expect(none.json()).toMatchObject({
      code: 'trip_not_cancellable',
      errors: [{ property: 'trips.0', error: 'past' }],
    })
    expect((await tenantDb(test.db, 'espoo').trips.find(started.id))?.cancelledAt).toBeNull()
  })

  it('judges a detail-screen cancellation by the detail rule: a started trip of today without pickup can go', async () => {
    const started = await startedToday()
    const response = await cancelFrom('detail', [started])
    expect(response.statusCode).toBe(200)
    expect(response.json<Trip[]>().map((trip) => trip.id)).toEqual([started.id])
  })

  it('judges a command queued before the source existed by the detail rule, as it was then', async () => {
    const started = await startedToday()
    const response = await cancel(guardian, [started])
    expect(response.statusCode).toBe(200)
    expect(response.json<Trip[]>().map((trip) => trip.id)).toEqual([started.id])
    const unknown = await cancelFrom('map', [started])
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ code: 'validation_failed', errors: [{ property: 'source' }] })
  })

  it('rejects a cancellation that arrives after the operator reported the pickup', async () => {
    // The guardian cancelled offline; meanwhile the car came and the passenger got in.
    const ref = await book({ start: helsinkiIn(20), then: ['dispatched'] })
    expect((await operatorEvent(test.app, 'espoo', ref.id, progressEvents.pickedUp)).statusCode).toBe(200)
    const response = await cancel(guardian, [ref])
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      code: 'trip_not_cancellable',
      errors: [{ property: 'trips.0', error: 'picked_up' }],
    })
    const trip = await tenantDb(test.db, 'espoo').trips.find(ref.id)
    expect(trip?.statusCode).toBe(tripStatusCodes.Pickup)
  })

  it('treats another user’s and another tenant’s trips as not found', async () => {
    const ref = await book({ start: helsinkiIn(24 * 60) })
    const other = await cancel(single, [ref])
    expect(other.statusCode).toBe(409)
    expect(other.json().errors).toEqual([{ property: 'trips.0', error: 'not_found' }])
    const foreign = await cancel(demoGuardian, [ref], 'x', 'demo')
    expect(foreign.statusCode).toBe(409)
    expect(foreign.json().errors).toEqual([{ property: 'trips.0', error: 'not_found' }])
    expect((await tenantDb(test.db, 'espoo').trips.find(ref.id))?.cancelledAt).toBeNull()
  })

  it('loses no update when a cancellation and the operator’s pickup race on two instances', async () => {
    // The operator's call goes to another instance with connections of its own, as in production.
    const other = await test.secondInstance()
    for (let round = 0; round < 3; round++) {
      const ref = await book({ start: helsinkiIn(15), then: ['dispatched'] })
      const [cancelled, pickedUp] = await Promise.all([
        cancel(guardian, [ref]),
        operatorEvent(other, 'espoo', ref.id, progressEvents.pickedUp),
      ])
      // Exactly one wins; the loser is told why, and the log and its projection agree.
      expect([cancelled.statusCode, pickedUp.statusCode].sort()).toEqual([200, 409])
      const db = tenantDb(test.db, 'espoo')
      const events = await db.trips.events(ref.id)
      expect(events.map((event) => event.type)).toEqual([
        'booked',
        'dispatched',
        cancelled.statusCode === 200 ? 'cancelled' : 'pickedUp',
      ])
      expect(plain(projectTrip(ref.id, events))).toEqual(plain(await db.trips.find(ref.id)))
    }
  })

  it.each([
    ['no trips', { trips: [], reason: 'x' }, 'trips'],
    ['a blank reason', { trips: [{ id: 'a', date: '2026-11-24' }], reason: '   ' }, 'reason'],
    ['no reason', { trips: [{ id: 'a', date: '2026-11-24' }] }, 'reason'],
    ['a bad date', { trips: [{ id: 'a', date: '24.11.2026' }], reason: 'x' }, 'trips.0.date'],
    ['an over-long reason', { trips: [{ id: 'a', date: '2026-11-24' }], reason: 'x'.repeat(1001) }, 'reason'],
  ])('answers %s with 400 validation_failed', async (_name, payload, property) => {
    const response = await api(test.app, 'espoo', guardian, {
      method: 'POST',
      url: '/api/trip/cancel',
      payload,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ property }] })
  })

  it('needs a token', async () => {
    const response = await api(test.app, 'espoo', null, {
      method: 'POST',
      url: '/api/trip/cancel',
      payload: { trips: [{ id: 'a', date: '2026-11-24' }], reason: 'x' },
    })
    expect(response.statusCode).toBe(401)
  })
})

/** Row locks need two connections to show: PostgreSQL only (PGlite has one connection). */
describe.each(backends.filter((backend) => backend.databaseUrl))(
  'a cancellation and an operator transaction on separate connections on $name',
  (backend) => {
    let test: TestApp
    let guardian: string
    let passenger: Passenger

    beforeAll(async () => {
      test = await createTestApp(backend, { seed: ['espoo'] })
      guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
      passenger = (await api(test.app, 'espoo', guardian, { url: '/api/passenger' })).json<Passenger[]>()[0]!
    })
    afterAll(() => test.close())

    it('waits for the operator’s transaction that holds the trip, then refuses it as picked up', async () => {
      const ref = await bookTrip(test.app, 'espoo', {
        passengerId: passenger.id,
        start: helsinkiIn(15),
        then: ['dispatched'],
      })
      // The operator's dispatch system is mid-transaction on a connection of its own, holding the trip.
      const operator = await test.db.startTransaction().execute()
      try {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(operator)
        const operatorDb = tenantDb(operator, 'espoo')
        expect(await operatorDb.trips.find(ref.id, { lock: true })).toBeDefined()
        const cancelling = api(test.app, 'espoo', guardian, {
          method: 'POST',
          url: '/api/trip/cancel',
          payload: { trips: [ref], reason: 'Sairastunut', source: 'detail' },
        })
        const waiting = await waitersOf(test.db, rows[0]!.pid, 'The cancellation')
        // It waits at its first read of the trip, locking it: not later, at a write, on a version it read stale.
        expect(waiting).toEqual([expect.stringMatching(/^select .* from "trips" .* for update$/is)])
        await appendOperatorEvent(operatorDb, ref.id, { type: 'pickedUp', eta: null }, Temporal.Now.instant())
        await operator.commit().execute()
        const response = await cancelling
        expect(response.statusCode).toBe(409)
        expect(response.json()).toMatchObject({ errors: [{ property: 'trips.0', error: 'picked_up' }] })
        const events = await tenantDb(test.db, 'espoo').trips.events(ref.id)
        expect(events.map((event) => event.type)).toEqual(['booked', 'dispatched', 'pickedUp'])
      } finally {
        if (!operator.isCommitted) await operator.rollback().execute()
      }
    })
  },
)
