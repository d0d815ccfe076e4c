import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tripStatusCodes } from '../../src/contract/trip'
import type { Database } from '../../server/db/schema'
import { tenantDb, type TenantDb } from '../../server/db/tenantDb'
import { seedDemoData } from '../../server/demo/seed'
import type { Location, TripEvent } from '../../server/domain/tripEvents'
import { isCovered } from '../../server/simulator/guardianTrips'
import { startDemoSimulator, type DemoSimulator } from '../../server/simulator/simulator'
import { isNoShow } from '../../server/simulator/tripSteps'
import { appendOperatorEvent } from '../../server/trips/operatorEvents'
import { backends, createTestDatabase, type TestDatabase } from './support/database'
import { simulatedClock, type SimulatedClock } from './support/simulatedClock'

const t0 = Temporal.ZonedDateTime.from('2026-11-24T12:00:00[Europe/Helsinki]').toInstant()
const silent = { info: () => undefined, error: () => undefined }

/** A trip id the simulator does (or does not) make a no-show of. */
function tripId(noShow: boolean): string {
  for (;;) {
    const id = randomUUID()
    if (isNoShow(id) === noShow) return id
  }
}

const distance = (a: Location | null, b: { lat: number | null; lng: number | null }) =>
  Math.hypot(a!.latitude - b.lat!, a!.longitude - b.lng!)

/** Books a trip of the single user's passenger through the operator path, from home to school. */
async function bookTrip(db: TenantDb, id: string, startInMinutes: number, minutes: number) {
  const single = (await db.users.findByUserName('single'))!
  const [passenger] = await db.passengers.listGranted(single.id)
  const places = await db.places.listForPassenger(passenger!.id)
  const address = (role: 'is_home' | 'is_main') => {
    const place = places.find((candidate) => candidate[role])!
    return { alias: place.alias, address: place.address, lat: place.latitude, lng: place.longitude }
  }
  const start = t0.add({ minutes: startInMinutes })
  await db.transaction((trx) =>
    appendOperatorEvent(
      trx,
      id,
      {
        type: 'booked',
        passengerId: passenger!.id,
        start: start.toString(),
        end: start.add({ minutes }).toString(),
        startAddress: address('is_home'),
        endAddress: address('is_main'),
        startPlaceId: null,
        endPlaceId: null,
        viaPoints: [],
        deductibleCents: null,
        note: null,
        allowEtaQuery: true,
        allowReview: true,
      },
      t0.subtract({ hours: 1 }),
    ),
  )
}

async function guardianTrips(db: TenantDb, now: Temporal.Instant) {
  const guardian = (await db.users.findByUserName('guardian'))!
  const trips = []
  for (const passenger of await db.passengers.listGranted(guardian.id))
    trips.push(
      ...(await db.trips.listForPassenger(passenger.id, now.subtract({ hours: 12 }), now.add({ hours: 3 }))),
    )
  return trips
}

describe.each(backends)('demo simulator on $name', (backend) => {
  let database: TestDatabase
  let db: TenantDb
  const ride = tripId(false)
  const noShow = tripId(true)
  /** Whether the guardian had a trip under way or within 30 minutes, after each simulated minute. */
  const covered: boolean[] = []
  let events: Record<string, TripEvent[]>
  let booked: Awaited<ReturnType<typeof guardianTrips>>

  beforeAll(async () => {
    database = await createTestDatabase(backend)
    await seedDemoData(database.db, t0, ['espoo'])
    db = tenantDb(database.db, 'espoo')
    await bookTrip(db, ride, 35, 25)
    await bookTrip(db, noShow, 20, 20)
    // The seed's trips in the window read at the end: what else is there then, the simulator booked.
    const seeded = new Set((await guardianTrips(db, t0.add({ minutes: 150 }))).map((trip) => trip.id))
    const clock = simulatedClock(t0)
    const simulator: DemoSimulator = startDemoSimulator({
      db: database.db,
      clock,
      lockDatabaseUrl: null,
      log: silent,
      tenants: ['espoo'],
    })
    for (let minute = 0; minute < 150; minute++) {
      await clock.advance({ minutes: 1 })
      covered.push(isCovered(await guardianTrips(db, clock.now()), clock.now()))
    }
    await simulator.stop()
    expect(clock.pending).toBe(0)
    events = { ride: await db.trips.events(ride), noShow: await db.trips.events(noShow) }
    booked = (await guardianTrips(db, clock.now())).filter((trip) => !seeded.has(trip.id))
  }, 240_000)
  afterAll(() => database.drop())

  it('takes a trip through dispatch, en route, car waiting, pickup and drop-off on time', () => {
    const steps = events.ride!.filter((event) => event.type !== 'position')
    expect(steps.map((event) => event.type)).toEqual([
      'booked',
      'dispatched',
      'enRoute',
      'carWaiting',
      'pickedUp',
      'droppedOff',
    ])
    const start = t0.add({ minutes: 35 })
    const at = (type: string) => steps.find((event) => event.type === type)!.at
    const minutesFromStart = (type: string) => start.until(at(type)).total('minutes')
    expect(minutesFromStart('enRoute')).toBeGreaterThanOrEqual(-25)
    expect(minutesFromStart('enRoute')).toBeLessThan(-24.7)
    expect(minutesFromStart('carWaiting')).toBeGreaterThanOrEqual(-2)
    expect(minutesFromStart('pickedUp')).toBeGreaterThanOrEqual(1)
    expect(minutesFromStart('pickedUp')).toBeLessThan(1.3)
    const end = start.add({ minutes: 25 })
    expect(Temporal.Instant.compare(at('droppedOff'), end)).toBeGreaterThanOrEqual(0)
    const pickedUp = steps.find((event) => event.type === 'pickedUp')
    expect(pickedUp).toMatchObject({ eta: end })
  })

  it('reports the car approaching the pickup, then riding towards the drop-off, with ETD and ETA', async () => {
    const trip = (await db.trips.find(ride))!
    const positions = (phase: 'enRoute' | 'pickedUp') => {
      const from = events.ride!.findIndex((event) => event.type === phase)
      const rest = events.ride!.slice(from + 1)
      const until = rest.findIndex((event) => event.type !== 'position')
      return rest.slice(0, until).flatMap((event) => (event.type === 'position' ? [event] : []))
    }
    const approach = positions('enRoute')
    expect(approach.length).toBeGreaterThan(60)
    expect(approach.every((event) => event.etd?.equals(trip.start))).toBe(true)
    const toPickup = approach.map((event) => distance(event.location, trip.startAddress))
    expect(toPickup.at(-1)!).toBeLessThan(toPickup[0]! / 5)
    const aboard = positions('pickedUp')
    expect(aboard.length).toBeGreaterThan(60)
    expect(aboard.every((event) => event.eta?.equals(trip.end))).toBe(true)
    const toEnd = aboard.map((event) => distance(event.location, trip.endAddress))
    expect(toEnd.every((left, index) => index === 0 || left <= toEnd[index - 1]!)).toBe(true)
    expect(toEnd.at(-1)!).toBeLessThan(toEnd[0]! / 10)
    expect(new Set(aboard.map((event) => JSON.stringify(event.location))).size).toBeGreaterThan(30)
    expect(trip.statusCode).toBe(tripStatusCodes.DropOff)
  })

  it('makes a no-show of some trips: the car waits and nobody comes', async () => {
    const types = events.noShow!.map((event) => event.type).filter((type) => type !== 'position')
    expect(types).toEqual(['booked', 'dispatched', 'enRoute', 'carWaiting', 'noShow'])
    expect((await db.trips.find(noShow))!.statusCode).toBe(tripStatusCodes.NoShow)
  })

  it('keeps a trip under way or starting within 30 minutes for the guardian at every minute', () => {
    expect(covered).toHaveLength(150)
    expect(covered.every(Boolean)).toBe(true)
  })

  it('books the guardian new trips between their saved places, one at a time, and runs them', async () => {
    expect(booked.length).toBeGreaterThanOrEqual(2)
    // Bounded: one trip after another, never more than one every 20 minutes or so.
    expect(booked.length).toBeLessThanOrEqual(150 / 20)
    // Run to their end: a drop-off, or a no-show for one in eight (by its random id).
    const ended: number[] = [tripStatusCodes.DropOff, tripStatusCodes.NoShow]
    expect(booked.filter((trip) => ended.includes(trip.statusCode)).length).toBeGreaterThan(0)
    for (const trip of booked) {
      const saved = new Map(
        (await db.places.listForPassenger(trip.passengerId)).map((place) => [place.id, place.address]),
      )
      expect(saved.get(trip.startPlaceId!)).toBe(trip.startAddress.address)
      expect(saved.get(trip.endPlaceId!)).toBe(trip.endAddress.address)
      expect(trip.endAddress.address).not.toBe(trip.startAddress.address)
    }
  })
})

const postgres = backends.filter((backend) => backend.databaseUrl !== null)

describe.each(postgres)('demo simulators of several servers on one $name database', (backend) => {
  let database: TestDatabase
  const lockKey = Math.floor(Math.random() * 1_000_000_000)
  const eventCount = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from trip_events`.execute(database.db)).rows[0]!.n

  beforeAll(async () => {
    database = await createTestDatabase(backend)
    await seedDemoData(database.db, t0, ['espoo'])
  })
  afterAll(() => database.drop())

  it('runs one at a time: another waits while the first holds the lock and takes over when it stops or dies', async () => {
    const url = backend.databaseUrl!
    const start = (db: Kysely<Database>, clock: SimulatedClock) =>
      startDemoSimulator({ db, clock, lockDatabaseUrl: url, lockKey, log: silent, tenants: ['espoo'] })
    const first = simulatedClock(t0)
    const second = simulatedClock(t0)
    const a = start(database.db, first)
    await first.advance({ seconds: 0 })
    expect(a.running).toBe(true)
    const b = start(await database.connectAgain(), second)
    const before = await eventCount()
    // The second server's time runs on, but it holds no lock: the trips due meanwhile stay as they were.
    await second.advance({ minutes: 10 })
    expect(b.running).toBe(false)
    expect(await eventCount()).toBe(before)

    await a.stop()
    await second.advance({ seconds: 30 })
    expect(b.running).toBe(true)
    expect(await eventCount()).toBeGreaterThan(before)

    // The second server dies: its session ends, and a third takes over at its next try.
    const third = simulatedClock(t0.add({ minutes: 11 }))
    const c = start(await database.connectAgain(), third)
    await third.advance({ seconds: 0 })
    expect(c.running).toBe(false)
    await sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = ${lockKey}`.execute(
      database.db,
    )
    await third.advance({ seconds: 30 })
    expect(c.running).toBe(true)
    await second.advance({ seconds: 15 })
    expect(b.running).toBe(false)
    await Promise.all([b.stop(), c.stop()])
    expect(first.pending + second.pending + third.pending).toBe(0)
  })
})
