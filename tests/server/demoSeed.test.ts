import { sql } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tripStatusCodes } from '../../src/contract/trip'
import { tenantIds } from '../../tenants'
import { accessCodeHash } from '../../server/db/repositories/passengers'
import { tenantDb } from '../../server/db/tenantDb'
import { demoAccessCodes, demoAccountsMarkdown } from '../../server/demo/accounts'
import { demoInvitationCode } from '../../server/demo/invitations'
import { demoDispatch, seedDemoData } from '../../server/demo/seed'
import { defaultDispatchSettings } from '../../server/db/repositories/operatorChanges'
import { demoTimeZone } from '../../server/demo/schedule'
import { projectTrip } from '../../server/domain/tripProjection'
import { toTripView } from '../../server/domain/tripView'
import { toTripPassenger } from '../../server/trips/access'
import { hashApiKey } from '../../server/auth/operatorKeys'
import { isRetryableConflict } from '../../server/db/conflicts'
import { demoOperatorKey } from '../../server/demo/operatorKeys'
import type { Trip } from '../../src/contract/trip'
import { covers, remainingOn } from '../../src/domain/permissions/quota'
import { cancellationProblem } from '../../src/domain/trips/cancellation'
import { reviewState } from '../../src/domain/trips/review'
import { backends, createTestDatabase, type TestDatabase } from './support/database'

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

describe.each(backends)('demo seed on $name', (backend) => {
  let database: TestDatabase
  // Midday today, so that today has trips in every state (done ones before now, waiting ones after) at any time.
  const now = Temporal.Now.zonedDateTimeISO(demoTimeZone).withPlainTime({ hour: 12 }).toInstant()
  beforeAll(async () => {
    database = await createTestDatabase(backend)
  })
  afterAll(() => database.drop())

  it('seeds every tenant once', async () => {
    expect(await seedDemoData(database.db, now)).toEqual([...tenantIds])
    expect(await seedDemoData(database.db, now)).toEqual([])
  })

  it("has the demo tenant's dispatch acknowledge cancellations with a number to call, and no other tenant's", async () => {
    for (const tenant of tenantIds) {
      const settings = await tenantDb(database.db, tenant).operatorChanges.dispatchSettings()
      expect(settings).toEqual(tenant === 'demo' ? demoDispatch : defaultDispatchSettings)
    }
  })

  it('gives each tenant the demo users, their passengers and unused access codes', async () => {
    for (const tenant of tenantIds) {
      const db = tenantDb(database.db, tenant)
      const guardian = await db.users.findByUserName('guardian')
      const single = await db.users.findByUserName('single')
      const strong = await db.users.findByIdentitySubject('demo-aino-virtanen')
      expect(guardian?.password_hash).toMatch(/^\$argon2id\$/)
      expect(strong).toMatchObject({ name: 'Aino Virtanen', password_hash: null, user_name: null })
      expect(await db.passengers.listGranted(guardian!.id)).toHaveLength(3)
      expect(await db.passengers.listGranted(single!.id)).toHaveLength(1)
      expect(await db.passengers.listGranted(strong!.id)).toHaveLength(1)
      const codes = await database.db
        .selectFrom('access_codes')
        .select(['token', 'hint', 'used_at'])
        .where('tenant_id', '=', tenant)
        .execute()
      // Only a hash of each code is kept, with its last characters to tell it apart.
      expect(codes.toSorted((a, b) => a.hint.localeCompare(b.hint))).toEqual(
        demoAccessCodes.map((token) => ({
          token: accessCodeHash(token),
          hint: token.slice(-4),
          used_at: null,
        })),
      )
    }
  })

  it('gives each tenant its demo invitations, and the tenants that register travel cards their cards', async () => {
    for (const tenant of tenantIds) {
      const invitations = await database.db
        .selectFrom('invitations')
        .select(['code', 'accepted_at'])
        .where('tenant_id', '=', tenant)
        .orderBy('code')
        .execute()
      expect(invitations.map((row) => row.code)).toEqual(
        [1, 2, 3, 4].map((number) => demoInvitationCode(tenant, number)),
      )
      expect(invitations.map((row) => row.accepted_at !== null)).toEqual([false, false, true, false])
      const cards = await database.db
        .selectFrom('travel_cards')
        .select(['card_number', 'holder_name'])
        .where('tenant_id', '=', tenant)
        .orderBy('card_number')
        .execute()
      const registers = ['kovanen', 'fixutaxi', 'meneva', 'lahitaksi', 'lapha'].includes(tenant)
      expect(cards, tenant).toEqual(
        registers
          ? [
              { card_number: '730010000001', holder_name: 'Ville Kortesalmi' },
              { card_number: '730010000002', holder_name: 'Nelli Kortesalmi' },
            ]
          : [],
      )
    }
  })

  it('gives the guardian trips today in every state and trips through the next two weeks', async () => {
    const db = tenantDb(database.db, 'espoo')
    const guardian = await db.users.findByUserName('guardian')
    const today = now.toZonedDateTimeISO(demoTimeZone).startOfDay()
    const trips = []
    for (const passenger of await db.passengers.listGranted(guardian!.id)) {
      trips.push(
        ...(await db.trips.listForPassenger(
          passenger.id,
          today.toInstant(),
          today.add({ days: 15 }).toInstant(),
        )),
      )
    }
    const tomorrow = today.add({ days: 1 }).toInstant()
    const todays = trips.filter((trip) => Temporal.Instant.compare(trip.start, tomorrow) < 0)
    expect(todays.length).toBeGreaterThanOrEqual(8)
    const codes = new Set(trips.map((trip) => trip.statusCode))
    for (const code of ['Booked', 'Dispatched', 'Cancelled', 'NoShow', 'DropOff'] as const) {
      expect(codes).toContain(tripStatusCodes[code])
    }
    expect(trips.some((trip) => trip.viaPoints.some((via) => via.waitMinutes > 0))).toBe(true)
    expect(trips.some((trip) => trip.deductibleCents !== null)).toBe(true)
    expect(trips.some((trip) => trip.carName === null && trip.statusCode === tripStatusCodes.Booked)).toBe(
      true,
    )
    expect(trips.some((trip) => trip.cancelReason)).toBe(true)
    const lastDay = today.add({ days: 10 }).toInstant()
    expect(trips.some((trip) => Temporal.Instant.compare(trip.start, lastDay) > 0)).toBe(true)
  })

  it('stores each trip as exactly the projection of its stored events', async () => {
    const rows = await database.db
      .selectFrom('trips')
      .select('id')
      .where('tenant_id', '=', 'demo')
      .limit(40)
      .execute()
    const db = tenantDb(database.db, 'demo')
    for (const { id } of rows) {
      expect(plain(projectTrip(id, await db.trips.events(id)))).toEqual(plain(await db.trips.find(id)))
    }
  })

  it('appends events to a trip and updates its projection, refusing a writer that read an old version', async () => {
    const db = tenantDb(database.db, 'demo')
    const { id } = await database.db
      .selectFrom('trips')
      .select('id')
      .where('tenant_id', '=', 'demo')
      .where('status_code', '=', tripStatusCodes.Booked)
      .limit(1)
      .executeTakeFirstOrThrow()
    const before = (await db.trips.find(id))!
    const pickup = Temporal.Now.instant()
    const after = await db.transaction((trx) =>
      trx.trips.append(before, [{ type: 'pickedUp', eta: null }], pickup),
    )
    expect(after.statusCode).toBe(tripStatusCodes.Pickup)
    expect(after.version).toBe(before.version + 1)
    expect(plain(await db.trips.find(id))).toEqual(plain(after))
    // A second writer still holding the old version: its event's seq is taken, and nothing changes.
    const stale = db.transaction((trx) => trx.trips.append(before, [{ type: 'droppedOff' }], pickup))
    const error = await stale.then(
      () => null,
      (failure: unknown) => failure,
    )
    expect(isRetryableConflict(error)).toBe(true)
    expect(plain(await db.trips.find(id))).toEqual(plain(after))
    const count = await sql<{
      n: number
    }>`select count(*)::int as n from trip_events where trip_id = ${id}`.execute(database.db)
    expect(count.rows[0]?.n).toBe(before.version + 1)
  })

  it('gives every tenant its demo operator key, stored only as a hash', async () => {
    const rows = await database.db.selectFrom('operator_api_keys').selectAll().orderBy('tenant_id').execute()
    expect(rows.map((row) => row.tenant_id)).toEqual([...tenantIds].sort())
    for (const row of rows) {
      expect(row.key_hash).toBe(hashApiKey(demoOperatorKey(row.tenant_id)))
      expect(JSON.stringify(row)).not.toContain('demo-operator')
    }
  })

  it('gives every passenger of every tenant each kind of transportation permission, valid on the seed day', async () => {
    const seedDay = now.toZonedDateTimeISO(demoTimeZone).toPlainDate().toString()
    for (const tenant of tenantIds) {
      const db = tenantDb(database.db, tenant)
      const passengers = await database.db
        .selectFrom('passengers')
        .select('id')
        .where('tenant_id', '=', tenant)
        .execute()
      for (const passenger of passengers) {
        const permissions = await db.permissions.listForPassenger(passenger.id)
        expect(permissions).toHaveLength(7)
        expect(permissions.every((permission) => covers(permission, seedDay))).toBe(true)
        const left = permissions.map((permission) => remainingOn(permission.periods, seedDay))
        expect(left.some((figures) => figures.remainingQuota === 0)).toBe(true)
        expect(left.some((figures) => figures.remainingExpressQuota === 1)).toBe(true)
        expect(new Set(permissions.map((permission) => permission.decisionType))).toEqual(
          new Set(['VPL', 'SHL', 'OTHER']),
        )
      }
    }
  })

  it('describes the demo accounts for the README', () => {
    const text = demoAccountsMarkdown(8080)
    expect(text).toContain('`guardian` | `demo-guardian-2026`')
    expect(text).toContain('`single` | `demo-single-2026`')
    expect(text).toContain('Aino Virtanen')
    expect(text).toContain('`LISAA-1001`')
    expect(text).toContain('http://espoo.localhost:8080/')
    expect(text).toContain('`demo-operator-espoo`')
    expect(text).toContain('http://espoo.localhost:8080/invitation/demo-invitation-espoo-01')
    expect(text).toContain('`7300 1000 0001` of Ville Kortesalmi')
    expect(text).toContain('`guardian` has 34 messages on every tenant, over six weeks (4 pages of 10)')
  })
})

const seedTimes = [
  // Midday, so that today has trips both before and after now.
  '2026-11-24T12:00:00[Europe/Helsinki]',
  // Just after midnight: today's trips that are over are short enough to have ended by now.
  '2026-11-24T00:30:00[Europe/Helsinki]',
  // A Friday late evening: no trip today can still be more than half an hour away, and tomorrow is a Saturday.
  '2026-11-27T23:30:00[Europe/Helsinki]',
]

describe.each(backends.flatMap((backend) => seedTimes.map((time) => ({ backend, time }))))(
  'the guardian’s trips for cancelling and reviewing, on $backend.name at $time',
  ({ backend, time }) => {
    let database: TestDatabase
    const now = Temporal.ZonedDateTime.from(time).toInstant()
    const today = now.toZonedDateTimeISO(demoTimeZone).toPlainDate()
    let trips: Trip[]
    beforeAll(async () => {
      database = await createTestDatabase(backend)
      await seedDemoData(database.db, now, ['fcg'])
      const db = tenantDb(database.db, 'fcg')
      const guardian = (await db.users.findByUserName('guardian'))!
      trips = []
      for (const passenger of await db.passengers.listGranted(guardian.id)) {
        const from = today.toZonedDateTime(demoTimeZone).toInstant()
        for (const trip of await db.trips.listForPassenger(
          passenger.id,
          from,
          from.add({ hours: 15 * 24 }),
        )) {
          trips.push(toTripView(trip, toTripPassenger(passenger), demoTimeZone))
        }
      }
    })
    afterAll(() => database.drop())

    it('has trips today or later that can still be cancelled', () => {
      const cancellable = trips.filter((trip) => cancellationProblem(trip, today) === null)
      const ofToday = cancellable.filter((trip) => trip.date === today.toString())
      // Late in the evening every trip of today has started or is about to: those left are tomorrow's.
      const late = now.toZonedDateTimeISO(demoTimeZone).hour >= 22
      expect(late ? cancellable.length : ofToday.length).toBeGreaterThanOrEqual(2)
    })

    it('has a trip whose car is dispatched, with its register number', () => {
      const dispatched = trips.filter((trip) => trip.status?.code === tripStatusCodes.Dispatched)
      expect(dispatched.length).toBeGreaterThan(0)
      expect(dispatched.every((trip) => trip.carRegisterNumber)).toBe(true)
    })

    it('has a trip picked up, one done and reviewable, and one already reviewed by the guardian', () => {
      expect(trips.some((trip) => trip.pickupTime && !trip.dropoffTime)).toBe(true)
      expect(trips.some((trip) => trip.dropoffTime && reviewState(trip, now) === 'available')).toBe(true)
      const reviewed = trips.filter((trip) => reviewState(trip, now) === 'reviewed')
      expect(reviewed).toHaveLength(1)
      expect(reviewed[0]!.reviews[0]).toMatchObject({ driverStars: 4, experienceStars: 4 })
      // The seeded stars fit the 4-star scale of this tenant.
      expect(reviewed[0]!.reviews[0]!.driverStars).toBeLessThanOrEqual(4)
    })
  },
)
