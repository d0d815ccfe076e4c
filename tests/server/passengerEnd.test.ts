import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import ical, { type VEvent } from 'node-ical'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CalendarFeed } from '../../src/contract/notifications'
import { operatorTripEvent, type OperatorTripEvent } from '../../src/contract/operator'
import type { PassengerEnd } from '../../src/contract/operatorLifecycle'
import type { Passenger } from '../../src/contract/passenger'
import { tripStatusCodes } from '../../src/contract/trip'
import { installOperatorKeys } from '../../server/auth/operatorKeys'
import { loadConfig } from '../../server/config/config'
import type { RetentionConfig } from '../../server/config/retentionConfig'
import { tenantDb, type TenantDb } from '../../server/db/tenantDb'
import { demoOperatorKey, demoOperatorKeyGrants } from '../../server/demo/operatorKeys'
import type { NotificationData } from '../../server/domain/notificationData'
import type { TripEvent } from '../../server/domain/tripEvents'
import type { TripProjection } from '../../server/domain/tripProjection'
import { issueAccessCode } from '../../server/invitations/accessCodes'
import { issueTravelCard } from '../../server/invitations/issuedTravelCards'
import { runRetention } from '../../server/retention/retention'
import { appendOperatorEvent } from '../../server/trips/operatorEvents'
import { endPassenger } from '../../server/trips/passengerEnd'
import type { TenantId } from '../../tenants'
import { api, createTestApp, testPort, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { waitersOf } from './support/locks'
import { describeOnPostgres } from './support/onPostgres'
import { address, helsinkiIn, operatorEvent, timeZone } from './support/trips'

/** Instants as ISO strings: Temporal objects have no enumerable fields, so matchers would see them all as equal. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

/** Only the erasure runs: the other steps would take what this file's trips have for their own reasons. */
const erasureOnly: RetentionConfig = {
  positionRetentionDays: null,
  messageRetentionDays: null,
  pushSubscriptionRetentionDays: null,
  changeFeedRetentionDays: 30,
  emailRetentionDays: 30,
}

const noAddress = { alias: null, address: '', lat: null, lng: null }

/** An operator's call with the tenant's demo key (or `key`), under a fresh Idempotency-Key. */
function operatorCall(
  app: FastifyInstance,
  tenant: TenantId,
  request: { url: string; payload: unknown; key?: string; method?: 'POST' | 'PUT' },
) {
  return app.inject({
    method: request.method ?? 'POST',
    url: request.url,
    headers: {
      host: `${tenant}.localhost:${testPort}`,
      'x-api-key': request.key ?? demoOperatorKey(tenant),
      'idempotency-key': randomUUID(),
    },
    payload: request.payload as object,
  })
}

const endCall = (app: FastifyInstance, passengerId: string, payload: unknown, tenant: TenantId = 'espoo') =>
  operatorCall(app, tenant, { url: `/api/operator/passengers/${passengerId}/end`, payload })

/** A booking made in the portal, awaiting the operator's decision, `days` from now. */
function awaitingBooking(passengerId: string, days: number): TripEvent {
  const start = helsinkiIn(24 * 60 * days).toInstant()
  return {
    type: 'requested',
    passengerId,
    start,
    end: start.add({ minutes: 30 }),
    startPlaceId: null,
    endPlaceId: null,
    startAddress: address('Kirjasto'),
    endAddress: address('Uimahalli'),
    viaPoints: [],
    deductibleCents: null,
    note: 'Soita ovikelloa',
    allowEtaQuery: true,
    allowReview: true,
    request: {
      permissionId: 'permission-of-the-test',
      periodStartDate: '2026-01-01',
      express: false,
      passengerCount: 1,
      phone: '+358 40 555 0101',
      email: 'huoltaja@example.com',
      extraIds: [],
      withAttendant: false,
    },
    seq: 1,
    at: Temporal.Now.instant(),
  }
}

describe('the erasure’s configuration', () => {
  const load = (env: Record<string, string>) => loadConfig({ DEMO: 'true', ...env })
  it('erases an ended passenger a year after its end unless told otherwise, at once with 0', () => {
    expect(load({}).passengerErasureDays).toBe(365)
    expect(load({ PASSENGER_ERASURE_DAYS: '0' }).passengerErasureDays).toBe(0)
    expect(load({ PASSENGER_ERASURE_DAYS: '3650' }).passengerErasureDays).toBe(3650)
  })

  it.each(['off', '3651', '-1', '1.5', 'year'])('refuses to start with %j', (value) => {
    expect(() => load({ PASSENGER_ERASURE_DAYS: value })).toThrow(/PASSENGER_ERASURE_DAYS/)
  })
})

describe.each(backends)('a passenger’s end and erasure on $name', (backend) => {
  let test: TestApp
  let db: TenantDb
  let guardian: string
  let guardianId: string
  /** The guardian's passenger with a trip under way: ended first, erased never in this file. */
  let ended: Passenger
  /** The guardian's passenger with a reviewed trip: ended and erased. */
  let erased: Passenger
  /** The guardian's third passenger: never ended. */
  let living: Passenger

  /** Every trip of a passenger, by id. */
  const tripsOf = async (passengerId: string): Promise<TripProjection[]> => {
    const rows = await test.db
      .selectFrom('trips')
      .select('id')
      .where('tenant_id', '=', 'espoo')
      .where('passenger_id', '=', passengerId)
      .orderBy('id')
      .execute()
    const trips = await Promise.all(rows.map((row) => db.trips.find(row.id)))
    return trips.filter((trip) => trip !== undefined)
  }
  const passengerRow = (passengerId: string) =>
    test.db
      .selectFrom('passengers')
      .selectAll()
      .where('tenant_id', '=', 'espoo')
      .where('id', '=', passengerId)
      .executeTakeFirstOrThrow()
  const countOf = async (
    table:
      'passenger_grants' | 'access_codes' | 'invitation_passengers' | 'travel_cards' | 'places' | 'messages',
    passengerId: string,
  ) =>
    (
      await test.db
        .selectFrom(table)
        .select('passenger_id')
        .where('tenant_id', '=', 'espoo')
        .where('passenger_id', '=', passengerId)
        .execute()
    ).length
  const deliveries = async () =>
    (
      await test.db
        .selectFrom('push_deliveries')
        .select(['kind', 'data'])
        .where('tenant_id', '=', 'espoo')
        .execute()
    ).map((row) => row.data as NotificationData)

  /** The operator's tracking link of a trip its passenger sees. */
  const trackingLinkOf = async (trip: TripProjection) => {
    const response = await operatorCall(test.app, 'espoo', {
      url: `/api/operator/trips/${trip.id}/trackingLinks`,
      payload: { date: trip.start.toZonedDateTimeISO(timeZone).toPlainDate().toString() },
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ link: string }>().link
  }

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'], config: { pushSender: false } })
    db = tenantDb(test.db, 'espoo')
    guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    guardianId = (await db.users.findByUserName('guardian'))!.id
    const passengers = (await api(test.app, 'espoo', guardian, { url: '/api/passenger' })).json<Passenger[]>()
    const having = async (matches: (trip: TripProjection) => boolean) => {
      for (const passenger of passengers) if ((await tripsOf(passenger.id)).some(matches)) return passenger
      throw new Error('No demo passenger has such a trip')
    }
    ended = await having((trip) => trip.pickupTime !== null && trip.dropoffTime === null)
    erased = await having((trip) => trip.reviews.length > 0)
    living = passengers.find((passenger) => passenger.id !== ended.id && passenger.id !== erased.id)!
    expect(new Set([ended.id, erased.id, living.id]).size).toBe(3)
  })
  afterAll(() => test.close())

  it('refuses a body it cannot take with 400, ending nobody', async () => {
    for (const payload of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 'x'.repeat(501) },
      { reason: 'Muutti', eraseAfterDays: -1 },
      { reason: 'Muutti', eraseAfterDays: 3651 },
      { reason: 'Muutti', eraseAfterDays: 1.5 },
      { reason: 'Muutti', eraseAfterDays: '10' },
    ]) {
      const response = await endCall(test.app, living.id, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json()).toMatchObject({ code: 'validation_failed' })
    }
    expect((await passengerRow(living.id)).ended_at).toBeNull()
  })

  it('answers 404 for a passenger the tenant does not have, and to another tenant’s key', async () => {
    await installOperatorKeys(test.db, demoOperatorKeyGrants(['demo']))
    const unknown = await endCall(test.app, 'no-such-passenger', { reason: 'Muutti' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ code: 'not_found' })
    const elsewhere = await endCall(test.app, living.id, { reason: 'Muutti' }, 'demo')
    expect(elsewhere.statusCode).toBe(404)
    expect(elsewhere.json()).toMatchObject({ code: 'not_found' })
    expect((await passengerRow(living.id)).ended_at).toBeNull()
  })

  it('cancels its coming trips with the reason, tells its guardians, then takes every way to it away', async () => {
    const now = Temporal.Now.instant()
    // What reaches the passenger besides its guardian's grant and invitation 03: a code, a card, an invitation
    // shared with another passenger, a notification choice, queued notifications, and a tracking link.
    await issueAccessCode(db, ended.id, now, { validDays: 30 })
    await issueTravelCard(db, { cardNumber: '730099990001', holderName: 'Testi', passengerId: ended.id })
    await db.transaction((trx) =>
      trx.invitations.create({
        code: `shared-${randomUUID()}`,
        expiresAt: now.add({ hours: 24 * 30 }),
        passengerIds: [ended.id, living.id],
      }),
    )
    await test.db
      .insertInto('notification_switches')
      .values({
        tenant_id: 'espoo',
        user_id: guardianId,
        passenger_id: ended.id,
        kind: 'eta',
        enabled: false,
      })
      .execute()
    const device = await db.transaction((trx) =>
      trx.pushSubscriptions.keep(guardianId, {
        endpoint: `https://push.example.com/${randomUUID()}`,
        p256dh: 'p256dh',
        auth: 'auth',
        locale: 'fi',
        user_agent_family: 'chrome',
        portal_url: `http://espoo.localhost:${testPort}`,
      }),
    )
    if (typeof device === 'string') throw new Error('The test device is held by another user')
    const message = (passengerId: string): NotificationData => ({
      kind: 'message',
      passengerId,
      firstName: 'Testi',
      messageId: randomUUID(),
      operatorName: 'Operaattori',
      confirmationRequested: false,
    })
    const reminderTrip = (passengerId: string, tripId: string) => ({
      passengerId,
      firstName: 'Testi',
      tripId,
      date: '2030-01-02',
      startAt: '2030-01-02T08:00:00+02:00',
    })
    await db.pushSubscriptions.queue(device.id, message(ended.id), now)
    await db.pushSubscriptions.queue(device.id, message(living.id), now)
    await db.pushSubscriptions.queue(
      device.id,
      {
        kind: 'reminder',
        date: '2030-01-02',
        trips: [reminderTrip(ended.id, 'reminded-ended'), reminderTrip(living.id, 'reminded-living')],
      },
      now,
    )
    await db.pushSubscriptions.queue(
      device.id,
      { kind: 'reminder', date: '2030-01-02', trips: [reminderTrip(ended.id, 'reminded-alone')] },
      now,
    )
    const [awaiting] = await db.trips.recordNewTrips([
      { id: `awaiting-${randomUUID()}`, events: [awaitingBooking(ended.id, 3)] },
    ])
    const before = await tripsOf(ended.id)
    const coming = before.filter(
      (trip) =>
        Temporal.Instant.compare(trip.start, now) > 0 &&
        trip.cancelledAt === null &&
        trip.pickupTime === null &&
        trip.statusCode !== tripStatusCodes.DropOff &&
        trip.statusCode !== tripStatusCodes.NoShow,
    )
    const linkToken = await trackingLinkOf(coming.find((trip) => trip.approval === null)!)

    // Another instance has the guardian's list, and the calendar feed lists the passenger's trips.
    const other = await test.secondInstance()
    const listOn = async (app: FastifyInstance) =>
      (await api(app, 'espoo', guardian, { url: '/api/passenger' })).json<Passenger[]>().map((p) => p.id)
    expect(await listOn(other)).toContain(ended.id)
    const feed = (
      await api(test.app, 'espoo', guardian, {
        method: 'POST',
        url: '/api/calendar/feed',
        headers: { 'idempotency-key': randomUUID() },
      })
    ).json<CalendarFeed>()
    const feedTripIds = async () => {
      const body = (await api(test.app, 'espoo', null, { url: new URL(feed.url).pathname })).body
      return Object.values(ical.sync.parseICS(body))
        .filter((item): item is VEvent => item?.type === 'VEVENT')
        .map((event) => event.uid.replace(/-\d{4}-\d{2}-\d{2}@espoo\.portal$/, ''))
    }
    const ownIds = new Set(before.map((trip) => trip.id))
    expect((await feedTripIds()).some((id) => ownIds.has(id))).toBe(true)

    const response = await endCall(test.app, ended.id, { reason: '  Oikeus kuljetukseen päättyi  ' })
    expect(response.statusCode, response.body).toBe(200)
    const answer = response.json<PassengerEnd>()
    expect(answer).toMatchObject({ id: ended.id, cancelledTrips: coming.length })
    expect(coming.length).toBeGreaterThan(5)
    const endedAt = Temporal.Instant.from(answer.endedAt)
    expect(Temporal.Instant.from(answer.eraseAfter).equals(endedAt.add({ hours: 24 * 365 }))).toBe(true)

    // The coming trips are cancelled by the operator with the reason; the rest stand as they were.
    const after = new Map((await tripsOf(ended.id)).map((trip) => [trip.id, trip]))
    expect(after.size).toBe(before.length)
    for (const trip of coming) {
      const now = after.get(trip.id)!
      expect(now, trip.id).toMatchObject({
        statusCode: tripStatusCodes.Cancelled,
        cancelReason: 'Oikeus kuljetukseen päättyi',
        cancelledByUserId: null,
        version: trip.version + 1,
      })
      expect((await db.trips.events(trip.id)).at(-1)).toMatchObject({ type: 'cancelled', userId: null })
    }
    expect(after.get(awaiting!.id)?.approval).toBe('withdrawn')
    for (const trip of before.filter((trip) => !coming.includes(trip))) {
      expect(plain(after.get(trip.id)), trip.id).toEqual(plain(trip))
    }
    const bookings = await api(test.app, 'espoo', null, {
      url: '/api/operator/bookings',
      headers: { 'x-api-key': demoOperatorKey('espoo') },
    })
    expect(bookings.json<{ tripId: string }[]>().map((booking) => booking.tripId)).not.toContain(awaiting!.id)

    // The guardian was told of each trip they saw cancelled (not of the booking awaiting approval), and of
    // nothing else about the passenger; the other passenger's notifications stand, its reminder without the
    // ended passenger's trip.
    const queued = await deliveries()
    const told = queued.filter((data) => data.kind === 'tripCancelled')
    expect(told.map((data) => 'tripId' in data && data.tripId).sort()).toEqual(
      coming
        .filter((trip) => trip.approval === null)
        .map((trip) => trip.id)
        .sort(),
    )
    expect(queued.filter((data) => data.kind === 'message')).toEqual([
      expect.objectContaining({ passengerId: living.id }),
    ])
    expect(queued.filter((data) => data.kind === 'reminder')).toEqual([
      expect.objectContaining({ trips: [expect.objectContaining({ tripId: 'reminded-living' })] }),
    ])

    // Nobody reaches it any more: on the other instance the guardian's next list is without it at once.
    await expect.poll(() => listOn(other), { timeout: 2_000, interval: 5 }).not.toContain(ended.id)
    expect(
      (await api(other, 'espoo', guardian, { url: `/api/passenger/${ended.id}/trips` })).statusCode,
    ).toBe(404)
    expect((await feedTripIds()).some((id) => ownIds.has(id))).toBe(false)
    expect((await api(test.app, 'espoo', null, { url: `/api/track/${linkToken}` })).statusCode).toBe(404)
    for (const table of ['passenger_grants', 'invitation_passengers', 'travel_cards'] as const) {
      expect(await countOf(table, ended.id), table).toBe(0)
    }
    // The code the guardian once used stays as the record of it; the unused one goes.
    const codes = await test.db
      .selectFrom('access_codes')
      .select('used_at')
      .where('tenant_id', '=', 'espoo')
      .where('passenger_id', '=', ended.id)
      .execute()
    expect(codes.every((code) => code.used_at !== null)).toBe(true)
    expect(await countOf('invitation_passengers', living.id)).toBeGreaterThan(0)
    const switches = await test.db
      .selectFrom('notification_switches')
      .select('kind')
      .where('tenant_id', '=', 'espoo')
      .where('passenger_id', '=', ended.id)
      .execute()
    expect(switches).toEqual([])
    expect(await passengerRow(ended.id)).toMatchObject({
      end_reason: 'Oikeus kuljetukseen päättyi',
      erased_at: null,
      name: ended.name,
    })
  })

  it('answers an ended passenger’s end as it stands and changes nothing', async () => {
    const before = plain(await tripsOf(ended.id))
    const first = await endCall(test.app, ended.id, { reason: 'Toinen syy', eraseAfterDays: 0 })
    const second = await endCall(test.app, ended.id, { reason: 'Kolmas syy' })
    expect(first.statusCode).toBe(200)
    expect(second.json()).toEqual(first.json())
    expect(first.json<PassengerEnd>().cancelledTrips).toBeGreaterThan(5)
    expect(plain(await tripsOf(ended.id))).toEqual(before)
    expect((await passengerRow(ended.id)).end_reason).toBe('Oikeus kuljetukseen päättyi')
  })

  it('refuses a booking, a new permission or a replaced one for an ended passenger with 409 passenger_ended', async () => {
    const start = helsinkiIn(24 * 60)
    const booking = await operatorEvent(test.app, 'espoo', `after-end-${randomUUID()}`, {
      type: 'booked',
      passengerId: ended.id,
      start: start.toString({ timeZoneName: 'never' }),
      end: start.add({ minutes: 30 }).toString({ timeZoneName: 'never' }),
      startAddress: address('Koti'),
      endAddress: address('Koulu'),
    })
    expect(booking.statusCode).toBe(409)
    expect(booking.json()).toMatchObject({
      code: 'passenger_ended',
      errors: [{ property: 'passengerId', error: 'ended' }],
    })
    const permission = {
      name: 'Lupa',
      decisionType: 'VPL',
      tripDestinations: 1,
      startDate: '2031-01-01',
      endDate: '2031-12-31',
    }
    const refused = await operatorCall(test.app, 'espoo', {
      url: `/api/operator/passengers/${ended.id}/transportationPermissions`,
      payload: permission,
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'passenger_ended',
      errors: [{ property: 'id', error: 'ended' }],
    })
    // Nor is a permission it had replaced: the end left its permissions as records, not to be changed.
    const [held] = await db.permissions.listForPassenger(ended.id)
    const replaced = await operatorCall(test.app, 'espoo', {
      method: 'PUT',
      url: `/api/operator/transportationPermissions/${held!.id}`,
      payload: permission,
    })
    expect(replaced.statusCode).toBe(409)
    expect(replaced.json()).toMatchObject({ code: 'passenger_ended' })
    expect(await db.permissions.find(held!.id)).toEqual(held)
    // A living passenger still takes both.
    const allowed = await operatorCall(test.app, 'espoo', {
      url: `/api/operator/passengers/${living.id}/transportationPermissions`,
      payload: permission,
    })
    expect(allowed.statusCode, allowed.body).toBe(200)
  })

  it('erases a passenger’s personal data once its erase_after has passed, keeping its trips’ times and outcomes', async () => {
    const message = await operatorCall(test.app, 'espoo', {
      url: `/api/operator/passengers/${erased.id}/messages`,
      payload: { content: 'Muistattehan palauttaa matkakortin.' },
    })
    expect(message.statusCode, message.body).toBe(200)
    await db.trips.recordNewTrips([
      { id: `awaiting-${randomUUID()}`, events: [awaitingBooking(erased.id, 4)] },
    ])
    const permissionsBefore = await db.permissions.listForPassenger(erased.id)
    const comingTrip = (await tripsOf(erased.id)).find(
      (trip) => Temporal.Instant.compare(trip.start, Temporal.Now.instant()) > 0 && trip.approval === null,
    )!
    await trackingLinkOf(comingTrip)
    const endedBefore = { row: await passengerRow(ended.id), trips: plain(await tripsOf(ended.id)) }

    const end = await endCall(test.app, erased.id, { reason: 'Muutti pois', eraseAfterDays: 0 })
    expect(end.statusCode, end.body).toBe(200)
    expect(end.json<PassengerEnd>().eraseAfter).toBe(end.json<PassengerEnd>().endedAt)
    const before = await tripsOf(erased.id)
    const addresses = before
      .flatMap((trip) => [trip.startAddress, trip.endAddress, ...trip.viaPoints.map((via) => via.address)])
      .map((place) => place.address)
    expect(addresses.length).toBeGreaterThan(10)
    const reviewed = before.find((trip) => trip.reviews.length > 0)!
    expect(await countOf('places', erased.id)).toBeGreaterThan(0)
    expect(await countOf('messages', erased.id)).toBeGreaterThan(0)

    const counts = await runRetention(test.db, erasureOnly, { now: Temporal.Now.instant() })
    expect(counts.passengers).toBe(1)

    const row = await passengerRow(erased.id)
    expect(row).toMatchObject({
      name: '',
      phone: null,
      avatar_text: '',
      language: null,
      end_reason: 'Muutti pois',
    })
    expect(row.erased_at).not.toBeNull()
    expect(await countOf('places', erased.id)).toBe(0)
    expect(await countOf('messages', erased.id)).toBe(0)
    const links = await test.db
      .selectFrom('tracking_links')
      .select('link')
      .where('tenant_id', '=', 'espoo')
      .where('trip_id', 'in', [...before.map((trip) => trip.id)])
      .execute()
    expect(links).toEqual([])

    // Its trips keep their ids, times, outcomes and cars; where they went is gone from the log and the stored trip.
    const after = await tripsOf(erased.id)
    expect(
      after.map((trip) => [trip.id, trip.start.toString(), trip.end.toString(), trip.statusCode]),
    ).toEqual(before.map((trip) => [trip.id, trip.start.toString(), trip.end.toString(), trip.statusCode]))
    for (const trip of after) {
      expect(trip, trip.id).toMatchObject({ startAddress: noAddress, endAddress: noAddress, note: null })
      expect(trip.carLocation).toBeNull()
      const events = await db.trips.events(trip.id)
      const stored = JSON.stringify([events, await db.trips.find(trip.id), await storedView(trip.id)])
      for (const place of addresses) expect(stored, trip.id).not.toContain(place)
      expect(events.some((event) => event.type === 'position' && event.location !== null)).toBe(false)
      const requested = events.find((event) => event.type === 'requested')
      if (requested) expect(requested.request).toMatchObject({ phone: null, email: null })
    }
    const review = after.find((trip) => trip.id === reviewed.id)!.reviews[0]!
    expect(review).toMatchObject({
      comment: '',
      driverStars: reviewed.reviews[0]!.driverStars,
      experienceStars: reviewed.reviews[0]!.experienceStars,
    })
    // Its permissions keep their quota usage; their place groups lost its places.
    const permissionsAfter = await db.permissions.listForPassenger(erased.id)
    expect(permissionsAfter.map((permission) => permission.periods)).toEqual(
      permissionsBefore.map((permission) => permission.periods),
    )
    expect(permissionsAfter.flatMap((permission) => permission.placeGroups)).toEqual([])

    // A passenger whose erase_after has not come is left as it is; a run again erases nobody.
    expect(await passengerRow(ended.id)).toEqual(endedBefore.row)
    expect(plain(await tripsOf(ended.id))).toEqual(endedBefore.trips)
    expect(await countOf('places', ended.id)).toBeGreaterThan(0)
    expect((await runRetention(test.db, erasureOnly)).passengers).toBe(0)
  })

  it('dates the erasure by PASSENGER_ERASURE_DAYS when the end names no days', async () => {
    const other = await test.secondInstance({ passengerErasureDays: 30 })
    const response = await endCall(other, living.id, { reason: 'Muutti' })
    expect(response.statusCode, response.body).toBe(200)
    const answer = response.json<PassengerEnd>()
    const endedAt = Temporal.Instant.from(answer.endedAt)
    expect(Temporal.Instant.from(answer.eraseAfter).equals(endedAt.add({ hours: 24 * 30 }))).toBe(true)
  })

  const storedView = async (tripId: string) =>
    (
      await test.db
        .selectFrom('trips')
        .select('view')
        .where('tenant_id', '=', 'espoo')
        .where('id', '=', tripId)
        .executeTakeFirstOrThrow()
    ).view
})

describeOnPostgres('a passenger’s end and a booking on separate connections on $name', (backend) => {
  let test: TestApp
  let passengers: Passenger[]

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'] })
    const guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    passengers = (await api(test.app, 'espoo', guardian, { url: '/api/passenger' })).json<Passenger[]>()
  })
  afterAll(() => test.close())

  /** An operator's transaction on a connection of its own, and its backend's pid. */
  async function operatorTransaction() {
    const transaction = await test.db.startTransaction().execute()
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(transaction)
    return { transaction, pid: rows[0]!.pid, db: tenantDb(transaction, 'espoo') }
  }

  const booked = (passengerId: string): OperatorTripEvent => {
    const start = helsinkiIn(24 * 60)
    return {
      type: 'booked',
      passengerId,
      start: start.toString({ timeZoneName: 'never' }),
      end: start.add({ minutes: 30 }).toString({ timeZoneName: 'never' }),
      startAddress: address('Koti'),
      endAddress: address('Koulu'),
    }
  }

  it('waits for a booking being made, then cancels its trip too', async () => {
    const passenger = passengers[0]!
    const operator = await operatorTransaction()
    try {
      const tripId = `booked-meanwhile-${randomUUID()}`
      await appendOperatorEvent(
        operator.db,
        tripId,
        operatorTripEvent.parse(booked(passenger.id)),
        Temporal.Now.instant(),
      )
      const ending = endCall(test.app, passenger.id, { reason: 'Muutti' })
      const waiting = await waitersOf(test.db, operator.pid, 'The end')
      expect(waiting).toEqual([expect.stringMatching(/^select .* from "passengers" .* for update$/is)])
      await operator.transaction.commit().execute()
      const response = await ending
      expect(response.statusCode, response.body).toBe(200)
      expect(await tenantDb(test.db, 'espoo').trips.find(tripId)).toMatchObject({
        statusCode: tripStatusCodes.Cancelled,
        cancelReason: 'Muutti',
      })
    } finally {
      if (!operator.transaction.isCommitted) await operator.transaction.rollback().execute()
    }
  })

  it('makes a booking that comes during an end wait for it, then refuses it with 409 passenger_ended', async () => {
    const passenger = passengers[1]!
    const operator = await operatorTransaction()
    try {
      await endPassenger(operator.db, passenger.id, {
        reason: 'Muutti',
        eraseAfterDays: 365,
        now: Temporal.Now.instant(),
      })
      const booking = operatorEvent(test.app, 'espoo', `booked-late-${randomUUID()}`, booked(passenger.id))
      const waiting = await waitersOf(test.db, operator.pid, 'The booking')
      expect(waiting).toEqual([expect.stringMatching(/^select .* from "passengers" .* for key share$/is)])
      await operator.transaction.commit().execute()
      const response = await booking
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({ code: 'passenger_ended' })
    } finally {
      if (!operator.transaction.isCommitted) await operator.transaction.rollback().execute()
    }
  })
})
