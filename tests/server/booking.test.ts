import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { BookingDestination, BookingRequest } from '../../src/contract/booking'
import type { Passenger, Place } from '../../src/contract/passenger'
import type { RouteDetails } from '../../src/contract/places'
import type { PassengerReads } from '../../src/contract/endpoints'
import type { Trip } from '../../src/contract/trip'
import { bookingDestination } from '../../src/domain/booking/payload'
import type { LocatedPlace } from '../../src/domain/booking/places'
import { deductibleCents } from '../../src/domain/booking/tariff'
import type { PermissionRecord } from '../../server/db/repositories/permissions'
import { tenantDb } from '../../server/db/tenantDb'
import { demoOperatorKey } from '../../server/demo/operatorKeys'
import type { TenantId } from '../../tenants'
import { api, createTestApp, testPort, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { expectTooManyRequests } from './support/limits'
import { fakeService, type FakeService } from './support/fakeService'
import { homeToMain, permissionRecord } from './support/bookings'
import { timeZone } from './support/trips'

const today = () => Temporal.Now.plainDateISO(timeZone)
/** Tomorrow at 10:00 in Helsinki, with its offset, as the portal sends a booked time. */
const tomorrowAt10 = () =>
  today()
    .add({ days: 1 })
    .toZonedDateTime({ timeZone, plainTime: '10:00' })
    .toString({ timeZoneName: 'never' })

interface World {
  token: string
  passenger: Passenger
  places: Place[]
}

/** The place as the portal sends it: a via point waits 5 minutes. */
function stop(place: Place, isViaPoint = false): BookingDestination {
  return bookingDestination(place as LocatedPlace, '', isViaPoint ? 5 : null)
}

describe.each(backends)('booking on $name', (backend) => {
  let test: TestApp
  let espoo: World
  let lahti: World
  let other: World
  /** Another instance on the same data, with connections of its own on PostgreSQL. */
  let second: FastifyInstance

  async function world(tenant: TenantId, userName: string, password: string): Promise<World> {
    const token = await tokenFor(test.app, tenant, userName, password)
    const passenger = (
      (await api(test.app, tenant, token, { url: '/api/passenger' })).json() as Passenger[]
    )[0]!
    const places = (
      await api(test.app, tenant, token, { url: `/api/passenger/${passenger.id}/places` })
    ).json() as Place[]
    return { token, passenger, places }
  }

  beforeAll(async () => {
    test = await createTestApp(backend, {
      seed: ['espoo', 'lahitaksi'],
      config: { demoApprovalDelayMs: null },
    })
    espoo = await world('espoo', 'guardian', 'demo-guardian-2026')
    lahti = await world('lahitaksi', 'guardian', 'demo-guardian-2026')
    other = await world('espoo', 'single', 'demo-single-2026')
    second = await test.secondInstance()
  })
  afterAll(() => test.close())

  const home = (w: World) => w.places.find((place) => place.isHome)!
  const main = (w: World) => w.places.find((place) => place.isMain)!

  /** The first address the server's search finds for `query`, as the portal offers it. */
  async function found(w: World, query: string): Promise<Place> {
    const response = await api(test.app, 'espoo', w.token, {
      url: `/api/address/search?${new URLSearchParams({ q: query }).toString()}`,
    })
    const [first] = response.json() as Place[]
    if (!first) throw new Error(`No address found for ${query}`)
    return first
  }

  /** A permission of the world's passenger, from a month ago to two months ahead, in one period. */
  async function permission(
    w: World,
    tenant: TenantId,
    overrides: Partial<PermissionRecord> = {},
    period: Partial<PermissionRecord['periods'][number]> = {},
  ): Promise<string> {
    const record = permissionRecord(w.passenger.id, overrides, period)
    const data = tenantDb(test.db, tenant)
    await data.transaction((db) => db.permissions.insertMany([record]))
    return record.id
  }

  const usage = async (tenant: TenantId, permissionId: string) =>
    (await tenantDb(test.db, tenant).permissions.find(permissionId))!.periods[0]!

  function request(w: World, permissionId: string, changes: Partial<BookingRequest> = {}): BookingRequest {
    return {
      transportationPermissionId: permissionId,
      passengers: [
        { id: w.passenger.id, name: w.passenger.name, phone: null, email: null, passengerCount: 1 },
      ],
      departureDateTime: tomorrowAt10(),
      arrivalDateTime: null,
      type: 'departure',
      destinations: [stop(home(w)), stop(main(w))],
      additionalInformation: '',
      attributes: '',
      withAttendant: false,
      ...changes,
    }
  }

  const book = (
    tenant: TenantId,
    w: World,
    payload: unknown,
    headers: Record<string, string> = { 'idempotency-key': randomUUID() },
  ) => api(test.app, tenant, w.token, { method: 'POST', url: '/api/booking', payload, headers })

  const tripsOf = async (tenant: TenantId, w: World) =>
    (await api(test.app, tenant, w.token, { url: `/api/passenger/${w.passenger.id}/trips` })).json() as Trip[]

  const decide = (app: FastifyInstance, tripId: string, event: object) =>
    app.inject({
      method: 'POST',
      url: `/api/operator/trips/${tripId}/events`,
      headers: { host: `espoo.localhost:${testPort}`, 'x-api-key': demoOperatorKey('espoo') },
      payload: event,
    })

  it('estimates the deductible by the tariff on the route through the router, using no quota', async () => {
    const id = await permission(espoo, 'espoo')
    const body = request(espoo, id)
    const route = (
      await api(test.app, 'espoo', espoo.token, {
        method: 'POST',
        url: '/api/booking/route',
        payload: body.destinations.map(({ latitude, longitude }) => ({ latitude, longitude })),
      })
    ).json() as RouteDetails
    const response = await api(test.app, 'espoo', espoo.token, {
      method: 'POST',
      url: '/api/booking/estimate',
      payload: body,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      deductible: deductibleCents('OTHER', route.routeWithViaPointDistance) / 100,
    })
    const vpl = await permission(espoo, 'espoo', { decisionType: 'VPL' })
    const flat = await api(test.app, 'espoo', espoo.token, {
      method: 'POST',
      url: '/api/booking/estimate',
      payload: request(espoo, vpl),
    })
    expect(flat.json()).toEqual({ deductible: deductibleCents('VPL', 0) / 100 })
    expect((await usage('espoo', id)).usedQuota).toBe(0)
  })

  it('books once per Idempotency-Key, using one quota trip, and hides the trip until the operator approves', async () => {
    const id = await permission(espoo, 'espoo', {}, { usedQuota: 3 })
    const key = randomUUID()
    const payload = request(espoo, id)
    const first = await book('espoo', espoo, payload, { 'idempotency-key': key })
    expect(first.statusCode).toBe(200)
    const answer = first.json() as { tripId: string; date: string; status: string }
    expect(answer).toMatchObject({ date: today().add({ days: 1 }).toString(), status: 'awaitingApproval' })
    const again = await book('espoo', espoo, payload, { 'idempotency-key': key })
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.body).toBe(first.body)
    expect((await usage('espoo', id)).usedQuota).toBe(4)

    expect((await tripsOf('espoo', espoo)).map((trip) => trip.id)).not.toContain(answer.tripId)
    const status = await api(test.app, 'espoo', espoo.token, {
      method: 'POST',
      url: '/api/trip/status',
      payload: { passengerId: espoo.passenger.id, tripId: answer.tripId, date: answer.date },
    })
    expect(status.statusCode).toBe(404)
    // Awaiting approval, the trip takes no other event.
    expect((await decide(test.app, answer.tripId, { type: 'routed' })).statusCode).toBe(409)

    expect((await decide(test.app, answer.tripId, { type: 'approved' })).statusCode).toBe(200)
    const shown = (await tripsOf('espoo', espoo)).find((trip) => trip.id === answer.tripId)
    expect(shown).toMatchObject({ status: { code: 1 } })
    expect((await decide(test.app, answer.tripId, { type: 'refused', reason: 'x' })).statusCode).toBe(409)
  })

  it('books once when the same booking and Idempotency-Key reach two instances at once', async () => {
    const id = await permission(espoo, 'espoo', {}, { usedQuota: 3 })
    const payload = request(espoo, id)
    const headers = { 'idempotency-key': randomUUID() }
    const answers = await Promise.all(
      [test.app, second].map((app) =>
        api(app, 'espoo', espoo.token, { method: 'POST', url: '/api/booking', payload, headers }),
      ),
    )
    // One ran; the other replayed its answer or found it still in flight.
    const made = answers.filter((answer) => answer.statusCode === 200)
    expect(made.length).toBeGreaterThanOrEqual(1)
    for (const answer of answers.filter((answer) => answer.statusCode !== 200))
      expect(answer.json()).toMatchObject({ statusCode: 409, code: 'idempotency_in_flight' })
    expect(new Set(made.map((answer) => answer.body)).size).toBe(1)
    expect((await usage('espoo', id)).usedQuota).toBe(4)
    const again = await book('espoo', espoo, payload, headers)
    expect(again.body).toBe(made[0]!.body)
    expect((await usage('espoo', id)).usedQuota).toBe(4)
  })

  it('gives the last trip of a permission to one of two bookings racing on two instances', async () => {
    const id = await permission(espoo, 'espoo', {}, { usedQuota: 9 })
    const at = (app: FastifyInstance, time: string) =>
      api(app, 'espoo', espoo.token, {
        method: 'POST',
        url: '/api/booking',
        payload: request(espoo, id, { departureDateTime: time }),
        headers: { 'idempotency-key': randomUUID() },
      })
    const tomorrow = today().add({ days: 1 })
    const times = ['10:00', '14:00'].map((time) =>
      tomorrow.toZonedDateTime({ timeZone, plainTime: time }).toString({ timeZoneName: 'never' }),
    )
    const answers = await Promise.all([at(test.app, times[0]!), at(second, times[1]!)])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400])
    const refused = answers.find((answer) => answer.statusCode === 400)!
    expect(refused.json()).toMatchObject({
      code: 'booking_no_quota',
      errors: [{ property: 'transportationPermissionId', error: 'booking_no_quota' }],
    })
    expect((await usage('espoo', id)).usedQuota).toBe(10)
  })

  it("limits a user's route measurements a minute, estimates and bookings with them: 429 with Retry-After, never stored as a key's answer", async () => {
    const limited = await test.secondInstance({ routeRateLimitPerMinute: 2 })
    const id = await permission(espoo, 'espoo')
    const payload = request(espoo, id)
    const points = payload.destinations.map(({ latitude, longitude }) => ({ latitude, longitude }))
    const post = (w: World, url: string, body: unknown, headers: Record<string, string> = {}) =>
      api(limited, 'espoo', w.token, { method: 'POST', url, payload: body, headers })
    expect((await post(espoo, '/api/booking/route', points)).statusCode).toBe(200)
    expect((await post(espoo, '/api/booking/estimate', payload)).statusCode).toBe(200)
    const key = { 'idempotency-key': randomUUID() }
    expectTooManyRequests(await post(espoo, '/api/booking', payload, key))
    expect((await post(espoo, '/api/booking/route', points)).statusCode).toBe(429)
    expect((await post(other, '/api/booking/route', points)).statusCode).toBe(200)
    expect((await usage('espoo', id)).usedQuota).toBe(0)
    // The same key on an instance with room books: the 429 was not kept as the key's answer.
    const booked = await book('espoo', espoo, payload, key)
    expect(booked.statusCode).toBe(200)
    expect(booked.headers['idempotent-replayed']).toBeUndefined()
    expect((await usage('espoo', id)).usedQuota).toBe(1)
  })

  it('returns the quota trip, and the express one, when the operator refuses the booking', async () => {
    const id = await permission(
      espoo,
      'espoo',
      { expressQuotaTimeLimit: 120 },
      { usedQuota: 2, totalExpressQuota: 2, usedExpressQuota: 1 },
    )
    const soon = Temporal.Now.zonedDateTimeISO(timeZone).add({ minutes: 30 }).round('minute')
    const response = await book(
      'espoo',
      espoo,
      request(espoo, id, { departureDateTime: soon.toString({ timeZoneName: 'never' }) }),
    )
    expect(response.statusCode).toBe(200)
    const { tripId } = response.json() as { tripId: string }
    expect(await usage('espoo', id)).toMatchObject({ usedQuota: 3, usedExpressQuota: 2 })
    expect((await decide(test.app, tripId, { type: 'refused', reason: 'Ei autoja' })).statusCode).toBe(200)
    expect(await usage('espoo', id)).toMatchObject({ usedQuota: 2, usedExpressQuota: 1 })
    expect((await tripsOf('espoo', espoo)).map((trip) => trip.id)).not.toContain(tripId)
  })

  it("lists a booking with the passenger's reads while it awaits approval, refused once refused, and among the trips once approved; never to another guardian", async () => {
    const id = await permission(espoo, 'espoo')
    const readsOf = (w: World, headers: Record<string, string> = {}) =>
      api(test.app, 'espoo', w.token, { url: '/api/passenger/reads', headers })
    const bookingsOf = async (w: World) =>
      ((await readsOf(w)).json() as PassengerReads[]).flatMap((read) =>
        read.bookings.map((booking) => ({ passengerId: read.passenger.id, ...booking })),
      )
    const bookAt = async (hour: string) => {
      const at = today().add({ days: 1 }).toZonedDateTime({ timeZone, plainTime: hour })
      const response = await book(
        'espoo',
        espoo,
        request(espoo, id, { departureDateTime: at.toString({ timeZoneName: 'never' }) }),
      )
      expect(response.statusCode).toBe(200)
      return (response.json() as { tripId: string; date: string }).tripId
    }
    const approved = await bookAt('08:00')
    const refused = await bookAt('12:00')
    const before = await readsOf(espoo)
    const etag = before.headers.etag as string

    const awaiting = (await bookingsOf(espoo)).filter((booking) =>
      [approved, refused].includes(booking.tripId),
    )
    expect(awaiting).toEqual([
      expect.objectContaining({ tripId: approved, passengerId: espoo.passenger.id, approval: 'awaiting' }),
      expect.objectContaining({ tripId: refused, approval: 'awaiting', refusalReason: null }),
    ])
    expect(awaiting[0]).toMatchObject({
      date: today().add({ days: 1 }).toString(),
      startDateTime: expect.stringMatching(/T08:00:00\+0[23]:00$/),
      startAddress: { alias: home(espoo).alias },
      endAddress: { alias: main(espoo).alias },
    })
    const reads = (await readsOf(espoo)).json() as PassengerReads[]
    expect(reads.flatMap((read) => read.trips).map((trip) => trip.id)).not.toContain(approved)
    // Unchanged, the reads answer 304 to their tag.
    expect((await readsOf(espoo, { 'if-none-match': etag })).statusCode).toBe(304)
    // Another guardian's reads, of another passenger, never list them.
    expect((await bookingsOf(other)).map((booking) => booking.tripId)).not.toContain(approved)

    expect((await decide(test.app, approved, { type: 'approved' })).statusCode).toBe(200)
    expect((await decide(test.app, refused, { type: 'refused', reason: 'Ei autoja' })).statusCode).toBe(200)
    // A decision is a change of the passenger's reads: a new answer, with a new tag.
    const after = await readsOf(espoo, { 'if-none-match': etag })
    expect(after.statusCode).toBe(200)
    expect(after.headers.etag).not.toBe(etag)
    const decided = (await bookingsOf(espoo)).filter((booking) =>
      [approved, refused].includes(booking.tripId),
    )
    expect(decided).toEqual([
      expect.objectContaining({ tripId: refused, approval: 'refused', refusalReason: 'Ei autoja' }),
    ])
    const trips = (after.json() as PassengerReads[]).flatMap((read) => read.trips)
    expect(trips.map((trip) => trip.id)).toContain(approved)
    expect(trips.map((trip) => trip.id)).not.toContain(refused)
    expect((await bookingsOf(other)).map((booking) => booking.tripId)).not.toContain(refused)
  })

  /** What is refused, the code and the property of its one reason, the request, and the tenant. */
  type Case = [string, string, string, () => Promise<BookingRequest>, TenantId?]
  const cases: Case[] = [
    [
      'a permission of another passenger',
      'booking_permission_not_found',
      'transportationPermissionId',
      async () => request(espoo, await permission(other, 'espoo')),
    ],
    [
      'a date outside the permission',
      'booking_permission_not_valid',
      'transportationPermissionId',
      async () => {
        const startDate = today().add({ days: 10 }).toString()
        const id = await permission(espoo, 'espoo', { startDate }, { startDate })
        return request(espoo, id)
      },
    ],
    [
      'a time in the past',
      'booking_time_past',
      'departureDateTime',
      async () =>
        request(espoo, await permission(espoo, 'espoo'), {
          departureDateTime: today().subtract({ days: 1 }).toZonedDateTime({ timeZone }).toString({
            timeZoneName: 'never',
          }),
        }),
    ],
    [
      'no trips left',
      'booking_no_quota',
      'transportationPermissionId',
      async () => request(espoo, await permission(espoo, 'espoo', {}, { usedQuota: 10 })),
    ],
    [
      'no express trips left for a trip this soon',
      'booking_no_express_quota',
      'transportationPermissionId',
      async () =>
        request(espoo, await permission(espoo, 'espoo', { expressQuotaTimeLimit: 120 }), {
          departureDateTime: Temporal.Now.zonedDateTimeISO(timeZone)
            .add({ minutes: 30 })
            .round('minute')
            .toString({ timeZoneName: 'never' }),
        }),
    ],
    [
      'the same start and destination',
      'booking_same_location',
      'destinations.1',
      async () =>
        request(espoo, await permission(espoo, 'espoo'), {
          destinations: [stop(home(espoo)), stop(home(espoo))],
        }),
    ],
    [
      'a via point at the start',
      'booking_via_point_same_location',
      'destinations.1',
      async () =>
        request(espoo, await permission(espoo, 'espoo', { allowViaPoints: true }), {
          destinations: [stop(home(espoo)), stop(home(espoo), true), stop(main(espoo))],
        }),
    ],
    [
      'a searched address on a permission for the passenger’s places',
      'booking_destination_not_allowed',
      'destinations.1',
      async () =>
        request(espoo, await permission(espoo, 'espoo', { tripDestinations: 2 }), {
          destinations: [stop(home(espoo)), stop(await found(espoo, 'Espoonkatu 2, Espoo'))],
        }),
    ],
    [
      'a via point on a permission without them',
      'booking_via_points_not_allowed',
      'destinations',
      async () =>
        request(espoo, await permission(espoo, 'espoo'), {
          destinations: [
            stop(home(espoo)),
            stop(await found(espoo, 'Kirkkojärventie 3, Espoo'), true),
            stop(main(espoo)),
          ],
        }),
    ],
    [
      'a via point too far off the route',
      'booking_via_point_deviation',
      'destinations',
      async () =>
        request(espoo, await permission(espoo, 'espoo', { allowViaPoints: true, viaPointMaxDeviation: 10 }), {
          destinations: [
            stop(home(espoo)),
            stop(await found(espoo, 'Kamreerintie 4, Espoo'), true),
            stop(main(espoo)),
          ],
        }),
    ],
    [
      'a route outside the allowed area',
      'booking_outside_area',
      'destinations',
      async () => request(espoo, await permission(espoo, 'espoo', { allowedArea: farAway(home(espoo)) })),
    ],
    [
      'an SHL trip leaving the municipality',
      'booking_outside_municipality',
      'destinations',
      async () =>
        request(
          espoo,
          await permission(espoo, 'espoo', {
            decisionType: 'SHL',
            tripDestinations: 2,
            allowedArea: farAway(home(espoo)),
          }),
        ),
    ],
    [
      'no phone where the tenant requires one',
      'booking_phone_required',
      'passengers.0.phone',
      async () => request(lahti, await permission(lahti, 'lahitaksi')),
      'lahitaksi',
    ],
    [
      'a phone not in international form where the tenant requires it',
      'booking_phone_format',
      'passengers.0.phone',
      async () => {
        const body = request(lahti, await permission(lahti, 'lahitaksi'))
        return { ...body, passengers: [{ ...body.passengers[0]!, phone: '+35' }] }
      },
      'lahitaksi',
    ],
    [
      'extra passengers on an ordinary permission',
      'booking_extra_passengers',
      'passengers.0.passengerCount',
      async () => {
        const body = request(espoo, await permission(espoo, 'espoo'))
        return { ...body, passengers: [{ ...body.passengers[0]!, passengerCount: 2 }] }
      },
    ],
    [
      'an extra the permission does not have',
      'booking_extras_not_allowed',
      'attributes',
      async () =>
        request(
          espoo,
          await permission(espoo, 'espoo', {
            decisionType: 'VPL',
            extras: [{ extraId: '1', name: 'Pyörätuoli', selected: false }],
          }),
          { attributes: '1,9' },
        ),
    ],
  ]

  it.each(cases)(
    'refuses %s with 400 %s, using no quota',
    async (_name, code, property, build, tenant = 'espoo') => {
      const body = await build()
      const w = tenant === 'espoo' ? espoo : lahti
      const response = await book(tenant, w, body)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        statusCode: 400,
        code,
        message: expect.any(String),
        errors: [{ property, error: code }],
      })
      const record = await tenantDb(test.db, tenant).permissions.find(body.transportationPermissionId)
      expect(record?.periods[0]?.usedQuota ?? 0).toBe(code === 'booking_no_quota' ? 10 : 0)
    },
  )

  it('translates a refusal into the language of the request, and names the municipality in the SHL one', async () => {
    const area = farAway(home(espoo))
    const ordinary = request(espoo, await permission(espoo, 'espoo', { allowedArea: area }))
    const inFinnish = await book('espoo', espoo, ordinary, {
      'idempotency-key': randomUUID(),
      'accept-language': 'fi-FI,fi;q=0.9,en;q=0.5',
    })
    expect(inFinnish.json()).toMatchObject({ message: 'Reitti on sallitun alueen ulkopuolella' })
    const inEnglish = await book('espoo', espoo, ordinary, {
      'idempotency-key': randomUUID(),
      'accept-language': 'en',
    })
    expect(inEnglish.json()).toMatchObject({ message: 'The route is outside of the allowed area' })
    const shl = request(
      espoo,
      await permission(espoo, 'espoo', { decisionType: 'SHL', tripDestinations: 2, allowedArea: area }),
    )
    const inSwedish = await book('espoo', espoo, shl, {
      'idempotency-key': randomUUID(),
      'accept-language': 'sv',
    })
    expect(inSwedish.json()).toMatchObject({ code: 'booking_outside_municipality' })
    expect((inSwedish.json() as { message: string }).message).toContain('kommun')
    const english = await book('espoo', espoo, shl, {
      'idempotency-key': randomUUID(),
      'accept-language': 'en',
    })
    expect((english.json() as { message: string }).message).toContain('municipality')
  })

  /** The booked trip's stops as recorded for the operator. */
  const recorded = async (tripId: string) => {
    const [requested] = await tenantDb(test.db, 'espoo').trips.events(tripId)
    if (requested?.type !== 'requested') throw new Error('No booking recorded')
    return requested
  }

  it('records a saved place in its own words, whatever text came with its id, and refuses an apartment there', async () => {
    const school = main(espoo)
    const id = await permission(espoo, 'espoo', {
      tripDestinations: 1,
      placeGroups: [{ name: 'Koulumatkat', placeIds: [home(espoo).id, school.id] }],
    })
    const elsewhere = { address: 'Lapinkatu 1', streetnumber: '1', postalcode: '96100', city: 'Rovaniemi' }
    const response = await book(
      'espoo',
      espoo,
      request(espoo, id, {
        destinations: [stop(home(espoo)), { ...stop(school), ...elsewhere, alias: 'Koti' }],
      }),
    )
    expect(response.statusCode).toBe(200)
    const trip = await recorded((response.json() as { tripId: string }).tripId)
    expect(trip.endAddress).toEqual({
      alias: school.alias,
      address: school.address,
      lat: school.latitude,
      lng: school.longitude,
    })
    expect(trip.startAddress.address).toBe(home(espoo).address)

    const apartment = request(espoo, id)
    apartment.destinations[1] = { ...apartment.destinations[1]!, apartment: 'Lapinkatu 1, Rovaniemi' }
    expect((await book('espoo', espoo, apartment)).json()).toEqual({
      statusCode: 400,
      code: 'validation_failed',
      message: expect.any(String),
      errors: [{ property: 'destinations.1.apartment', error: 'not_allowed' }],
    })
    expect((await usage('espoo', id)).usedQuota).toBe(1)
  })

  it("refuses a searched address whose text the server's geocoder puts elsewhere, and records the geocoder's words", async () => {
    // Free places within the town.
    const town = {
      polygon: [
        { latitude: 60.1, longitude: 24.5 },
        { latitude: 60.3, longitude: 24.5 },
        { latitude: 60.3, longitude: 24.9 },
        { latitude: 60.1, longitude: 24.9 },
      ],
    }
    const id = await permission(espoo, 'espoo', { allowedArea: town })
    const office = await found(espoo, 'Espoonkatu 2, Espoo')
    const turku = { address: 'Aurakatu 1', streetnumber: '1', postalcode: '20100', city: 'Turku' }
    const disguised = request(espoo, id, { destinations: [stop(home(espoo)), stop({ ...office, ...turku })] })
    for (const [language, message] of [
      ['fi', 'Osoite ei vastaa sen paikkaa kartalla. Hae osoite uudelleen.'],
      ['sv', 'Adressen stämmer inte med dess plats på kartan. Sök adressen på nytt.'],
      ['en', 'The address does not match its place on the map. Search for the address again.'],
    ] as const) {
      const refused = await book('espoo', espoo, disguised, {
        'idempotency-key': randomUUID(),
        'accept-language': language,
      })
      expect(refused.json()).toEqual({
        statusCode: 400,
        code: 'booking_address_mismatch',
        message,
        errors: [{ property: 'destinations.1', error: 'booking_address_mismatch' }],
      })
    }
    // Its own words a few hundred metres off: the geocoder puts them elsewhere too.
    const moved = { ...office, latitude: office.latitude! + 0.005 }
    expect(
      (
        await book('espoo', espoo, request(espoo, id, { destinations: [stop(home(espoo)), stop(moved)] }))
      ).json(),
    ).toMatchObject({ code: 'booking_address_mismatch' })
    expect((await usage('espoo', id)).usedQuota).toBe(0)

    const honest = request(espoo, id, { destinations: [stop(home(espoo)), stop(office)] })
    honest.destinations[1] = { ...honest.destinations[1]!, alias: 'Virasto', apartment: 'B 12' }
    const booked = await book('espoo', espoo, honest)
    expect(booked.statusCode).toBe(200)
    const trip = await recorded((booked.json() as { tripId: string }).tripId)
    expect(trip.endAddress).toEqual({
      alias: null,
      address: `${office.address} B 12, ${office.postalcode} ${office.city}`,
      lat: office.latitude,
      lng: office.longitude,
    })
  })

  it("asks a configured geocoding service for a searched address's words: 503 when it fails, using no quota", async () => {
    const service = await fakeService()
    try {
      const instance = await test.secondInstance({ geocoder: { kind: 'nominatim', url: service.url } })
      const id = await permission(espoo, 'espoo')
      const nominatim = {
        lat: '60.2051',
        lon: '24.6563',
        addresstype: 'place',
        name: '',
        address: { house_number: '2', road: 'Espoonkatu', city: 'Espoo', postcode: '02770' },
      }
      const office = await found(espoo, 'Espoonkatu 2, Espoo')
      const to = { ...office, latitude: 60.2051, longitude: 24.6563 }
      const payload = request(espoo, id, { destinations: [stop(home(espoo)), stop(to)] })
      const post = () =>
        api(instance, 'espoo', espoo.token, {
          method: 'POST',
          url: '/api/booking',
          payload,
          headers: { 'idempotency-key': randomUUID() },
        })
      service.answer({ status: 503, body: { error: 'maintenance' } })
      expect((await post()).json()).toEqual({
        statusCode: 503,
        code: 'address_search_unavailable',
        message: expect.any(String),
      })
      expect((await usage('espoo', id)).usedQuota).toBe(0)
      service.answer({ body: [nominatim] })
      const booked = await post()
      expect(booked.statusCode).toBe(200)
      expect(service.requests.at(-1)!.url.searchParams.get('q')).toBe('Espoonkatu 2, 02770 Espoo')
      const trip = await recorded((booked.json() as { tripId: string }).tripId)
      expect(trip.endAddress.address).toBe('Espoonkatu 2, 02770 Espoo')
    } finally {
      await service.close()
    }
  })

  it('refuses a body the contract does not take, a booking without an Idempotency-Key, and mixed-up stops', async () => {
    const id = await permission(espoo, 'espoo')
    const bad = await book('espoo', espoo, { ...request(espoo, id), destinations: [] })
    expect(bad.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' })
    const keyless = await book('espoo', espoo, request(espoo, id), {})
    expect(keyless.json()).toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
      errors: [{ property: 'idempotency-key' }],
    })
    const viaAtEnd = request(espoo, id)
    viaAtEnd.destinations[1] = { ...viaAtEnd.destinations[1]!, isViaPoint: true }
    expect((await book('espoo', espoo, viaAtEnd)).json()).toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
      errors: [{ property: 'destinations.1.isViaPoint' }],
    })
    const noTime = { ...request(espoo, id), departureDateTime: null }
    expect((await book('espoo', espoo, noTime)).statusCode).toBe(400)
    expect((await usage('espoo', id)).usedQuota).toBe(0)
  })

  it("answers 404 for another user's passenger, and keeps each tenant's permissions to itself", async () => {
    const id = await permission(other, 'espoo')
    const foreign = request(other, id)
    expect((await book('espoo', espoo, foreign)).statusCode).toBe(404)
    // The same passenger id and permission asked for on another tenant's host: no such passenger there.
    expect((await book('lahitaksi', lahti, foreign)).statusCode).toBe(404)
    const lahtiPermission = await permission(lahti, 'lahitaksi')
    const crossed = await book('espoo', espoo, request(espoo, lahtiPermission))
    expect(crossed.json()).toMatchObject({ code: 'booking_permission_not_found' })
    expect((await usage('espoo', id)).usedQuota).toBe(0)
  })
})

/** A small square far north of `place`, which no demo route reaches. */
function farAway(place: Place) {
  const lat = place.latitude! + 2
  const lng = place.longitude!
  return {
    polygon: [
      { latitude: lat, longitude: lng },
      { latitude: lat + 0.01, longitude: lng },
      { latitude: lat + 0.01, longitude: lng + 0.01 },
    ],
  }
}

describe.each(backends)('a booking waiting for a slow router on $name', (backend) => {
  let test: TestApp
  let service: FakeService

  beforeAll(async () => {
    service = await fakeService()
    test = await createTestApp(backend, {
      seed: ['espoo'],
      config: { demoApprovalDelayMs: null, router: { kind: 'osrm', url: service.url } },
    })
  })
  afterAll(async () => {
    await test.close()
    await service.close()
  })

  it("holds no transaction meanwhile: another user's request and a booking on the same permission are answered first", async () => {
    const guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const single = await tokenFor(test.app, 'espoo', 'single', 'demo-single-2026')
    const [passenger] = (
      await api(test.app, 'espoo', guardian, { url: '/api/passenger' })
    ).json() as Passenger[]
    const [lone] = (await api(test.app, 'espoo', single, { url: '/api/passenger' })).json() as Passenger[]
    const places = (
      await api(test.app, 'espoo', guardian, { url: `/api/passenger/${passenger!.id}/places` })
    ).json() as Place[]
    const quotas = (
      await api(test.app, 'espoo', guardian, {
        url: `/api/passenger/${passenger!.id}/quotas?date=${today().add({ days: 1 }).toString()}`,
      })
    ).json() as { id: string; name: string }[]
    const bookAt = (plainTime: string) =>
      api(test.app, 'espoo', guardian, {
        method: 'POST',
        url: '/api/booking',
        headers: { 'idempotency-key': randomUUID() },
        payload: homeToMain(
          passenger!,
          places,
          quotas.find((quota) => quota.name === 'Asiointimatkat')!.id,
          today()
            .add({ days: 1 })
            .toZonedDateTime({ timeZone, plainTime })
            .toString({ timeZoneName: 'never' }),
        ),
      })
    // The router holds its first answer until released, and answers the others at once.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const route = { code: 'Ok', routes: [{ distance: 4_000, duration: 420 }] }
    service.answer(() => ({ body: route, ...(service.requests.length === 1 ? { until: held } : {}) }))

    let answered = false
    const slow = bookAt('10:00').finally(() => (answered = true))
    await vi.waitFor(() => expect(service.requests).toHaveLength(1))

    // Had the slow booking's transaction begun, these would wait for it (on PGlite for its one connection, on
    // PostgreSQL the second booking for the permission's lock) until the router timed out, and it failed.
    const message = await api(test.app, 'espoo', single, {
      method: 'POST',
      url: '/api/message',
      headers: { 'idempotency-key': randomUUID() },
      payload: { passengerId: lone!.id, content: 'Hei, kysyisin kuljetuksesta.' },
    })
    expect(message.statusCode).toBe(200)
    expect((await bookAt('14:00')).statusCode).toBe(200)
    expect(answered).toBe(false)
    release()
    expect((await slow).statusCode).toBe(200)
  })
})

describe.each(backends)('the demo approving bookings on $name', (backend) => {
  let test: TestApp
  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'], config: { demoApprovalDelayMs: 20 } })
  })
  afterAll(() => test.close())

  it('approves a booking by itself after the delay, so the trip then shows', async () => {
    const token = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const passenger = (
      (await api(test.app, 'espoo', token, { url: '/api/passenger' })).json() as Passenger[]
    )[0]!
    const places = (
      await api(test.app, 'espoo', token, { url: `/api/passenger/${passenger.id}/places` })
    ).json() as Place[]
    const permissions = (
      await api(test.app, 'espoo', token, {
        url: `/api/passenger/${passenger.id}/quotas?date=${today().add({ days: 1 }).toString()}`,
      })
    ).json() as { id: string; name: string; remainingQuota: number }[]
    // The demo's ordinary permission: free places, no area, trips left.
    const ordinary = permissions.find((quota) => quota.name === 'Asiointimatkat')!
    const from = places.find((place) => place.isHome)!
    const to = places.find((place) => place.isMain)!
    const response = await api(test.app, 'espoo', token, {
      method: 'POST',
      url: '/api/booking',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        transportationPermissionId: ordinary.id,
        passengers: [{ id: passenger.id, name: passenger.name, phone: null, email: null, passengerCount: 1 }],
        departureDateTime: tomorrowAt10(),
        arrivalDateTime: null,
        type: 'departure',
        destinations: [stop(from), stop(to)],
        additionalInformation: 'Rollaattori',
        attributes: '',
        withAttendant: true,
      } satisfies BookingRequest,
    })
    expect(response.statusCode).toBe(200)
    const { tripId } = response.json() as { tripId: string }
    await vi.waitFor(
      async () => {
        const trips = (
          await api(test.app, 'espoo', token, { url: `/api/passenger/${passenger.id}/trips` })
        ).json() as Trip[]
        expect(trips.find((trip) => trip.id === tripId)).toMatchObject({ status: { code: 1 } })
      },
      { timeout: 5000, interval: 50 },
    )
  })
})
