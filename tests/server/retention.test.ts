import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tripStatusCodes, type Trip } from '../../src/contract/trip'
import { jsonb } from '../../server/db/json'
import type { Database } from '../../server/db/schema'
import { tenantDb, type TenantDb } from '../../server/db/tenantDb'
import { seedDemoData } from '../../server/demo/seed'
import type { TripEvent, TripEventData } from '../../server/domain/tripEvents'
import { projectTrip } from '../../server/domain/tripProjection'
import { loadConfig } from '../../server/config/config'
import type { RetentionConfig } from '../../server/config/retentionConfig'
import { runRetention } from '../../server/retention/retention'
import { createTestApp, tokenFor, type TestApp } from './support/app'
import { backends, createTestDatabase, type TestDatabase } from './support/database'
import { listen } from './support/tracking'
import { address, car } from './support/trips'

/** Instants as ISO strings: Temporal objects have no enumerable fields, so matchers would see them all as equal. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

const now = Temporal.Now.instant().round({ smallestUnit: 'second', roundingMode: 'floor' })
const daysAgo = (days: number, minutes = 0) => now.subtract({ hours: 24 * days }).add({ minutes })
const defaults: RetentionConfig = {
  positionRetentionDays: 30,
  messageRetentionDays: null,
  pushSubscriptionRetentionDays: null,
  changeFeedRetentionDays: 30,
  emailRetentionDays: 30,
}

const position = (latitude: number, etaMinutes: number | null, start: Temporal.Instant): TripEventData => ({
  type: 'position',
  location: { latitude, longitude: 24.66 },
  eta: etaMinutes === null ? null : start.add({ minutes: etaMinutes }),
  etd: null,
})

/** A trip's log from its booking, one event a minute from 10 minutes before `start`. */
function tripLog(passengerId: string, start: Temporal.Instant, steps: readonly TripEventData[]): TripEvent[] {
  const booked: TripEventData = {
    type: 'booked',
    passengerId,
    start,
    end: start.add({ minutes: 30 }),
    startPlaceId: null,
    endPlaceId: null,
    startAddress: address('Koti'),
    endAddress: address('Koulu'),
    viaPoints: [],
    deductibleCents: null,
    note: null,
    allowEtaQuery: true,
    allowReview: true,
  }
  return [booked, ...steps].map((data, index) => ({
    ...data,
    seq: index + 1,
    at: start.add({ minutes: index - 10 }),
  }))
}

/** A ride: dispatched, en route, positions, pickup, positions, drop-off (`finished`), else still on its way. */
function ride(start: Temporal.Instant, finished = true): TripEventData[] {
  return [
    { type: 'dispatched', car },
    { type: 'enRoute', etd: start },
    position(60.201, null, start),
    position(60.202, null, start),
    { type: 'pickedUp', eta: start.add({ minutes: 30 }) },
    position(60.203, 28, start),
    position(60.204, 29, start),
    ...(finished ? [{ type: 'droppedOff' } as const] : []),
  ]
}

async function record(db: TenantDb, passengerId: string, start: Temporal.Instant, steps: TripEventData[]) {
  const id = `trip-${randomUUID()}`
  await db.trips.recordNewTrips([{ id, events: tripLog(passengerId, start, steps) }])
  return id
}

const typesOf = async (db: TenantDb, tripId: string) =>
  (await db.trips.events(tripId)).map((event) => event.type)

/** The stored trip is the fold of the events left: what a rebuild of the projection would give. */
async function expectProjectionOfLog(db: TenantDb, tripId: string) {
  expect(plain(await db.trips.find(tripId))).toEqual(
    plain(projectTrip(tripId, await db.trips.events(tripId))),
  )
}

async function countRows(
  db: Kysely<Database>,
  table: 'tracking_links' | 'invitations' | 'messages' | 'message_seen' | 'demo_mails',
) {
  return (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]!.n
}

describe('retention configuration', () => {
  const load = (env: Record<string, string>) => loadConfig({ DEMO: 'true', ...env })
  it('keeps positions 30 days and messages for ever unless told otherwise', () => {
    expect(load({})).toMatchObject({ positionRetentionDays: 30, messageRetentionDays: null })
    expect(load({ RETENTION_POSITION_DAYS: 'off', RETENTION_MESSAGE_DAYS: '365' })).toMatchObject({
      positionRetentionDays: null,
      messageRetentionDays: 365,
    })
    expect(load({ RETENTION_POSITION_DAYS: '0' })).toMatchObject({ positionRetentionDays: 0 })
  })

  it('keeps the operator’s change feed 30 days, at least a week, never for ever', () => {
    expect(load({})).toMatchObject({ changeFeedRetentionDays: 30 })
    expect(load({ CHANGE_FEED_RETENTION_DAYS: '7' })).toMatchObject({ changeFeedRetentionDays: 7 })
    for (const value of ['6', 'off', '-1'])
      expect(() => load({ CHANGE_FEED_RETENTION_DAYS: value })).toThrow(/CHANGE_FEED_RETENTION_DAYS/)
  })

  it.each(['-1', '1.5', 'thirty', '1e3'])('refuses to start with %j days', (value) => {
    expect(() => load({ RETENTION_POSITION_DAYS: value })).toThrow(/RETENTION_POSITION_DAYS/)
    expect(() => load({ RETENTION_MESSAGE_DAYS: value })).toThrow(/RETENTION_MESSAGE_DAYS/)
  })
})

describe.each(backends)('retention on $name', (backend) => {
  let database: TestDatabase
  let db: TenantDb
  let passengerId: string
  let userId: string

  beforeAll(async () => {
    database = await createTestDatabase(backend)
    await seedDemoData(database.db, now, ['espoo'])
    db = tenantDb(database.db, 'espoo')
    userId = (await db.users.findByUserName('guardian'))!.id
    passengerId = (await db.passengers.listGranted(userId))[0]!.id
  })
  afterAll(() => database.drop())

  it("keeps a finished trip's summary and drops its car's positions 30 days after it ended", async () => {
    const old = await record(db, passengerId, daysAgo(31), ride(daysAgo(31)))
    const recent = await record(db, passengerId, daysAgo(29), ride(daysAgo(29)))
    const before = { old: await db.trips.find(old), recent: await db.trips.find(recent) }

    const counts = await runRetention(database.db, defaults, { now, batchSize: 2 })
    expect(counts).toMatchObject({ positions: 4, trips: 1 })

    expect(await typesOf(db, old)).toEqual(['booked', 'dispatched', 'enRoute', 'pickedUp', 'droppedOff'])
    await expectProjectionOfLog(db, old)
    const after = await db.trips.find(old)
    expect(after).toMatchObject({
      statusCode: tripStatusCodes.DropOff,
      carName: 'Taksi 12',
      carLocation: null,
    })
    // The times stay; the ETA is the pickup's again, as the positions that moved it went.
    expect(plain(after)).toMatchObject(
      plain({
        pickupTime: before.old!.pickupTime,
        dropoffTime: before.old!.dropoffTime,
        eta: daysAgo(31).add({ minutes: 30 }),
        version: before.old!.version,
      }) as object,
    )
    expect((await typesOf(db, recent)).filter((type) => type === 'position')).toHaveLength(4)
    expect(plain(await db.trips.find(recent))).toEqual(plain(before.recent))

    expect(await runRetention(database.db, defaults, { now })).toMatchObject({ positions: 0, trips: 0 })
  })

  it('keeps the last event of a trip never finished, without its location, so its log goes on', async () => {
    const start = daysAgo(40)
    const stuck = await record(db, passengerId, start, ride(start, false))
    const version = (await db.trips.find(stuck))!.version

    expect(await runRetention(database.db, defaults, { now })).toMatchObject({ positions: 4, trips: 1 })
    const events = await db.trips.events(stuck)
    expect(events.map((event) => event.type)).toEqual([
      'booked',
      'dispatched',
      'enRoute',
      'pickedUp',
      'position',
    ])
    expect(events.at(-1)).toMatchObject({ seq: version, location: null })
    await expectProjectionOfLog(db, stuck)
    expect(await db.trips.find(stuck)).toMatchObject({ version, carLocation: null })

    const current = (await db.trips.find(stuck, { lock: true }))!
    const next = await db.transaction((trx) => trx.trips.append(current, [{ type: 'droppedOff' }], now))
    expect(next.version).toBe(version + 1)
    await expectProjectionOfLog(db, stuck)
    expect(await runRetention(database.db, defaults, { now })).toMatchObject({ positions: 0 })
  })

  it('keeps positions when told to keep them', async () => {
    const old = await record(db, passengerId, daysAgo(90), ride(daysAgo(90)))
    await runRetention(database.db, { ...defaults, positionRetentionDays: null }, { now })
    expect((await typesOf(db, old)).filter((type) => type === 'position')).toHaveLength(4)
    await runRetention(database.db, defaults, { now })
    expect((await typesOf(db, old)).filter((type) => type === 'position')).toHaveLength(0)
  })

  it("deletes tracking links a day past their trip's planned end or their revocation, and expired invitations", async () => {
    const link = async (start: Temporal.Instant) => {
      const tripId = await record(db, passengerId, start, [])
      const token = randomUUID().replaceAll('-', '')
      await db.trackingLinks.create(token, tripId, '2026-01-01', { userId })
      return token
    }
    await link(daysAgo(2)) // ended two days ago: goes
    const endedToday = await link(now.subtract({ hours: 3 }))
    const revokedLong = await link(now.add({ hours: 3 }))
    const revokedNow = await link(now.add({ hours: 3 }))
    await db.trackingLinks.revoke(revokedLong, { userId }, daysAgo(2))
    await db.trackingLinks.revoke(revokedNow, { userId }, now)
    const invitation = (code: string, expiresAt: Temporal.Instant) =>
      db.transaction((trx) => trx.invitations.create({ code, expiresAt, passengerIds: [passengerId] }))
    await invitation('expired-invitation', now.subtract({ minutes: 1 }))
    await invitation('live-invitation', now.add({ minutes: 1 }))

    const counts = await runRetention(database.db, defaults, { now, batchSize: 1 })
    const links = await database.db.selectFrom('tracking_links').select('link').execute()
    expect(links.map((row) => row.link).sort()).toEqual([endedToday, revokedNow].sort())
    expect(counts.links).toBe(2)
    const codes = (await database.db.selectFrom('invitations').select('code').execute()).map(
      (row) => row.code,
    )
    expect(codes).toContain('live-invitation')
    expect(codes).not.toContain('expired-invitation')
    // The demo's expired invitation went too, with the passengers it named.
    expect(codes).not.toContain('demo-invitation-espoo-04')
    const named = await database.db.selectFrom('invitation_passengers').select('code').distinct().execute()
    expect(named.map((row) => row.code).sort()).toEqual([...codes].sort())
  })

  it('deletes the mail log past EMAIL_RETENTION_DAYS and the demo mails a day old; due mails stay', async () => {
    const mail = (
      state: 'pending' | 'sent' | 'failed',
      created: Temporal.Instant,
      expires: Temporal.Instant,
    ) => ({
      tenant_id: 'espoo' as const,
      to_address: `${state}@example.fi`,
      locale: 'fi' as const,
      kind: 'emailChanged',
      data: jsonb({ kind: 'emailChanged' }),
      portal_url: 'https://espoo.matkaportaali.fi',
      state,
      created_at: created,
      expires_at: expires,
    })
    await database.db
      .insertInto('email_deliveries')
      .values([
        mail('sent', daysAgo(31), daysAgo(30, -1)),
        mail('failed', daysAgo(31), daysAgo(30, -1)),
        mail('pending', daysAgo(31), daysAgo(30, -1)),
        mail('sent', daysAgo(29), daysAgo(28)),
        mail('pending', daysAgo(31), now.add({ hours: 1 })),
      ])
      .execute()
    const kept = {
      tenant_id: 'espoo' as const,
      to_address: 'a@example.fi',
      subject: 's',
      text: 't',
      html: 'h',
    }
    await database.db
      .insertInto('demo_mails')
      .values([
        { ...kept, created_at: daysAgo(1, -1) },
        { ...kept, created_at: daysAgo(1, 1) },
      ])
      .execute()
    const counts = await runRetention(database.db, defaults, { now, batchSize: 1 })
    expect(counts).toMatchObject({ mails: 3, demoMails: 1 })
    const left = await database.db.selectFrom('email_deliveries').select(['state', 'created_at']).execute()
    expect(left.map((row) => row.state).sort()).toEqual(['pending', 'sent'])
    expect(await countRows(database.db, 'demo_mails')).toBe(1)
  })

  it('deletes messages only when the operator sets how long they are kept', async () => {
    const all = await countRows(database.db, 'messages')
    expect(all).toBeGreaterThan(0)
    await runRetention(database.db, defaults, { now })
    expect(await countRows(database.db, 'messages')).toBe(all)

    const older = (
      await sql<{
        n: number
      }>`select count(*)::int as n from messages where created_at < ${daysAgo(30)}`.execute(database.db)
    ).rows[0]!.n
    expect(older).toBeGreaterThan(0)
    const counts = await runRetention(
      database.db,
      { ...defaults, messageRetentionDays: 30 },
      { now, batchSize: 3 },
    )
    expect(counts.messages).toBe(older)
    expect(await countRows(database.db, 'messages')).toBe(all - older)
    const orphans = await sql<{ n: number }>`
      select count(*)::int as n from message_seen s
      where not exists (select 1 from messages m where m.tenant_id = s.tenant_id and m.id = s.message_id)`.execute(
      database.db,
    )
    expect(orphans.rows[0]!.n).toBe(0)
  })

  it('lets two instances purge at once, each trip once', async () => {
    const trips = []
    for (let i = 0; i < 6; i++)
      trips.push(await record(db, passengerId, daysAgo(35, i), ride(daysAgo(35, i))))
    const other = await database.connectAgain()
    const [first, second] = await Promise.all([
      runRetention(database.db, defaults, { now, batchSize: 2 }),
      runRetention(other, defaults, { now, batchSize: 2 }),
    ])
    expect(first.positions + second.positions).toBe(6 * 4)
    expect(first.trips + second.trips).toBe(6)
    for (const trip of trips) {
      expect((await typesOf(db, trip)).filter((type) => type === 'position')).toHaveLength(0)
      await expectProjectionOfLog(db, trip)
    }
  })
})

describe.each(backends)('retention in the running server on $name', (backend) => {
  let test: TestApp
  let origin: string
  let atStart: Awaited<ReturnType<typeof oldTrip>>

  const oldTrip = async () => {
    const db = tenantDb(test.db, 'espoo')
    const userId = (await db.users.findByUserName('guardian'))!.id
    const passengerId = (await db.passengers.listGranted(userId))[0]!.id
    const start = daysAgo(31)
    const tripId = await record(db, passengerId, start, ride(start))
    const date = start.toZonedDateTimeISO('Europe/Helsinki').toPlainDate().toString()
    return { db, userId, passengerId, tripId, date }
  }

  // The old trip and its link are there before the server is ready, which it becomes when it listens.
  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'] })
    atStart = await oldTrip()
    const { db, tripId, date, userId } = atStart
    await db.trackingLinks.create(randomUUID().replaceAll('-', ''), tripId, date, { userId })
    origin = await listen(test.app)
  })
  afterAll(() => test.close())

  it('runs when the server starts', async () => {
    const { db, tripId } = atStart
    await expect
      .poll(async () => (await typesOf(db, tripId)).filter((type) => type === 'position'), { interval: 20 })
      .toEqual([])
    await expectProjectionOfLog(db, tripId)
    await expect.poll(() => countRows(test.db, 'tracking_links'), { interval: 20 }).toBe(0)
  })

  it("ends a poll's replayed answer when retention changes the trip", async () => {
    const guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const { passengerId, tripId, date } = await oldTrip()
    const poll = async () => {
      const response = await fetch(`${origin}/api/trip/status`, {
        method: 'POST',
        headers: {
          'x-tenant': 'espoo',
          authorization: `Bearer ${guardian}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ passengerId, tripId, date }),
      })
      expect(response.status).toBe(200)
      return ((await response.json()) as Trip).status?.carLocation
    }
    expect(await poll()).toEqual({ latitude: 60.204, longitude: 24.66 })
    expect(await poll()).toEqual({ latitude: 60.204, longitude: 24.66 })
    expect(await runRetention(test.db, defaults, { now })).toMatchObject({ trips: 1 })
    await test.app.versionWatch.settled()
    expect(await poll()).toBeNull()
  })
})
