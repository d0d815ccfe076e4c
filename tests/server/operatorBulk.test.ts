import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiError } from '../../src/contract/common'
import type { OperatorTripEvent } from '../../src/contract/operator'
import { bulkAnswer, bulkMaxBytes, bulkMaxItems, type BulkResult } from '../../src/contract/operatorBulk'
import type { OperatorPermission } from '../../src/contract/operatorPassengers'
import type { TenantId } from '../../tenants'
import { tenantDb } from '../../server/db/tenantDb'
import { demoOperatorKey } from '../../server/demo/operatorKeys'
import { regions } from '../../server/demo/regions'
import { createTestApp, testPort, type TestApp } from './support/app'
import { backends } from './support/database'
import { address, helsinkiIn, progressEvents } from './support/trips'

/** A place with coordinates, so that nothing is geocoded. */
const placed = { alias: 'Koti', address: 'Koivukuja 3, 02110 Espoo', latitude: 60.21, longitude: 24.64 }

/** A permission for all of 2030 with one place group naming places by the operator's references. */
const permission = (placeRefs: string[]): OperatorPermission => ({
  name: 'Koulukuljetus',
  decisionType: 'OTHER',
  tripDestinations: 1,
  startDate: '2030-01-01',
  endDate: '2030-12-31',
  periods: [
    {
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      totalQuota: 40,
      usedQuota: 0,
      totalExpressQuota: 0,
      usedExpressQuota: 0,
      savedToNext: 0,
      borrowed: 0,
    },
  ],
  placeGroups: [{ name: 'Koti ja koulu', placeRefs }],
})

/** A booking of half an hour starting `minutes` from now, its passenger and places named as `names` says. */
function booked(minutes: number, names: object): OperatorTripEvent {
  const start = helsinkiIn(minutes)
  return {
    type: 'booked',
    start: start.toString({ timeZoneName: 'never' }),
    end: start.add({ minutes: 30 }).toString({ timeZoneName: 'never' }),
    startAddress: address('Koti'),
    endAddress: address('Koulu'),
    ...names,
  } as OperatorTripEvent
}

const tripEvent = (tripId: string, event: OperatorTripEvent) => ({ type: 'tripEvent', tripId, event })

const statuses = (results: readonly BulkResult[]) => results.map((result) => result.status)

describe.each(backends)('the operator’s bulk call on $name', (backend) => {
  let test: TestApp
  let refNumber = 0
  const newRef = (what: string) => `bulk-${what}-${++refNumber}`

  /** POST api/operator/bulk with the tenant's demo key (or `key`, none with null) under a fresh or given key. */
  async function send(
    payload: unknown,
    options: { tenant?: TenantId; key?: string | null; idempotencyKey?: string } = {},
  ) {
    const tenant = options.tenant ?? 'espoo'
    const key = options.key === undefined ? demoOperatorKey(tenant) : options.key
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/operator/bulk',
      headers: {
        host: `${tenant}.localhost:${testPort}`,
        'content-type': 'application/json',
        'idempotency-key': options.idempotencyKey ?? randomUUID(),
        ...(key === null ? {} : { 'x-api-key': key }),
      },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    })
    // Nothing here is the server's fault.
    expect(response.statusCode, response.body).toBeLessThan(500)
    if (response.statusCode !== 200) expect(apiError.parse(response.json())).toBeTruthy()
    return response
  }

  /** The results of a bulk call that answered 200, checked against the contract; no item is a 5xx. */
  async function bulk(items: object[], options: Parameters<typeof send>[1] = {}) {
    const response = await send({ items }, options)
    expect(response.statusCode, response.body).toBe(200)
    const { results } = bulkAnswer.parse(response.json())
    expect(results).toHaveLength(items.length)
    for (const result of results) {
      expect(result.status).toBeLessThan(500)
      if (result.status === 200) expect(result.error).toBeNull()
      else expect(result).toMatchObject({ id: null, seq: null, error: { statusCode: result.status } })
    }
    return results
  }

  const passengerRow = (tenant: TenantId, externalRef: string) =>
    test.db
      .selectFrom('passengers')
      .select(['id', 'name', 'phone', 'language', 'avatar_text'])
      .where('tenant_id', '=', tenant)
      .where('external_ref', '=', externalRef)
      .executeTakeFirst()

  const placesOf = (passengerId: string) =>
    test.db
      .selectFrom('places')
      .select(['id', 'external_ref', 'alias', 'address', 'postalcode', 'city', 'latitude', 'longitude'])
      .where('passenger_id', '=', passengerId)
      .orderBy('external_ref')
      .execute()

  const eventsOf = (tripId: string, tenant: TenantId = 'espoo') =>
    tenantDb(test.db, tenant).trips.events(tripId)

  /**
   * A load as an operator's nightly run sends it: two passengers, their places (one placed by the gazetteer from
   * its address alone), a permission naming places by reference, and a booking for each, all by references.
   */
  function load() {
    const [first, second] = [newRef('pupil'), newRef('pupil')]
    const trips = [newRef('trip'), newRef('trip')]
    const items = [
      { type: 'passenger', externalRef: first, name: 'Aino Bulkki', language: 'fi' },
      { type: 'passenger', externalRef: second, name: 'Eero Bulkki', phone: '+358 40 765 4321' },
      { type: 'place', passengerRef: first, externalRef: 'home', ...placed, isHome: true },
      // A demo street, which the embedded gazetteer knows in demo mode (server/demo/streets.ts).
      {
        type: 'place',
        passengerRef: first,
        externalRef: 'school',
        alias: 'Koulu',
        address: 'Koulukatu 5, Espoo',
      },
      { type: 'place', passengerRef: second, externalRef: 'home', ...placed, latitude: 60.22 },
      {
        type: 'permission',
        externalRef: newRef('permission'),
        passengerRef: first,
        ...permission(['home', 'school']),
      },
      tripEvent(
        trips[0]!,
        booked(24 * 60, { passengerRef: first, startPlaceRef: 'home', endPlaceRef: 'school' }),
      ),
      tripEvent(trips[1]!, booked(25 * 60, { passengerRef: second, startPlaceRef: 'home' })),
    ]
    return { first, second, trips, items }
  }

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo'] })
  })
  afterAll(() => test.close())

  it('writes a mixed load in order, each item answered in its slot with what it wrote', async () => {
    const { first, second, trips, items } = load()
    const results = await bulk([...items, tripEvent(trips[0]!, progressEvents.dispatched)])
    expect(statuses(results)).toEqual(Array(items.length + 1).fill(200))

    const aino = await passengerRow('espoo', first)
    const eero = await passengerRow('espoo', second)
    expect(aino).toMatchObject({ name: 'Aino Bulkki', language: 'fi', avatar_text: 'AB', phone: null })
    expect(eero).toMatchObject({ name: 'Eero Bulkki', language: null, phone: '+358 40 765 4321' })
    const [home, school] = await placesOf(aino!.id)
    const [eeroHome] = await placesOf(eero!.id)
    const region = regions.espoo
    expect(home).toMatchObject({
      external_ref: 'home',
      latitude: placed.latitude,
      longitude: placed.longitude,
    })
    expect(school).toMatchObject({
      external_ref: 'school',
      alias: 'Koulu',
      postalcode: '02110',
      city: 'Espoo',
      latitude: Number((region.latitude - 0.004).toFixed(5)),
      longitude: Number((region.longitude + 0.006).toFixed(5)),
    })
    expect(eeroHome).toMatchObject({ external_ref: 'home', latitude: 60.22 })

    const permissionId = results[5]!.id!
    const stored = await tenantDb(test.db, 'espoo').permissions.find(permissionId)
    expect(stored).toMatchObject({ passengerId: aino!.id, name: 'Koulukuljetus' })
    expect(stored?.placeGroups).toEqual([{ name: 'Koti ja koulu', placeIds: [home!.id, school!.id] }])

    expect(results.map((result) => [result.id, result.seq])).toEqual([
      [aino!.id, null],
      [eero!.id, null],
      [home!.id, null],
      [school!.id, null],
      [eeroHome!.id, null],
      [permissionId, null],
      [trips[0], 1],
      [trips[1], 1],
      [trips[0], 2],
    ])

    const [booking, dispatched] = await eventsOf(trips[0]!)
    expect(booking).toMatchObject({
      type: 'booked',
      passengerId: aino!.id,
      startPlaceId: home!.id,
      endPlaceId: school!.id,
    })
    expect(dispatched).toMatchObject({ type: 'dispatched', seq: 2, car: progressEvents.dispatched.car })
    expect(await eventsOf(trips[1]!)).toEqual([
      expect.objectContaining({ passengerId: eero!.id, startPlaceId: eeroHome!.id, endPlaceId: null }),
    ])
    expect(await tenantDb(test.db, 'espoo').trips.find(trips[0]!)).toMatchObject({
      passengerId: aino!.id,
      version: 2,
    })
  })

  it('answers a bad item in its slot and writes the items around it', async () => {
    const [first, second, nameless] = [newRef('pupil'), newRef('pupil'), newRef('pupil')]
    const [trip, other, backwards] = [newRef('trip'), newRef('trip'), newRef('trip')]
    const noSuchTrip = newRef('trip')
    const start = helsinkiIn(26 * 60)
    const results = await bulk([
      { type: 'passenger', externalRef: first, name: 'Kaisa Kelpo' },
      { type: 'passenger', externalRef: nameless, language: 'fi' },
      { type: 'driver', externalRef: newRef('driver'), name: 'Kuski' },
      { type: 'passenger', externalRef: second, name: 'Ville Kelpo' },
      { type: 'place', passengerRef: first, externalRef: 'home', ...placed },
      {
        type: 'place',
        passengerRef: first,
        externalRef: 'cottage',
        alias: 'Mökki',
        address: 'Olematonkuja 99, 99999 Eimissään',
      },
      { type: 'place', passengerRef: newRef('nobody'), externalRef: 'home', ...placed },
      { type: 'place', passengerRef: second, externalRef: 'home', ...placed },
      tripEvent(trip, booked(26 * 60, { passengerRef: first, startPlaceRef: 'home' })),
      tripEvent(backwards, {
        ...booked(26 * 60, { passengerRef: first }),
        end: start.subtract({ minutes: 5 }).toString({ timeZoneName: 'never' }),
      } as OperatorTripEvent),
      tripEvent(trip, booked(27 * 60, { passengerRef: second })),
      tripEvent(other, booked(27 * 60, { passengerRef: second })),
      tripEvent(noSuchTrip, progressEvents.dispatched),
      tripEvent(trip, progressEvents.dispatched),
    ])
    expect(statuses(results)).toEqual([200, 400, 400, 200, 200, 400, 404, 200, 200, 400, 400, 200, 404, 200])
    const errors = results.map((result) => result.error && [result.error.code, result.error.errors])
    expect(errors).toEqual([
      null,
      ['validation_failed', [{ property: 'name', error: 'invalid_type' }]],
      ['validation_failed', [{ property: 'type', error: 'invalid_value' }]],
      null,
      null,
      ['validation_failed', [{ property: 'address', error: 'not_found' }]],
      ['not_found', [{ property: 'passengerRef', error: 'not_found' }]],
      null,
      null,
      ['validation_failed', [{ property: 'end', error: 'before_start' }]],
      ['validation_failed', [{ property: 'tripId', error: 'duplicate' }]],
      null,
      ['not_found', undefined],
      null,
    ])
    expect(results[13]).toMatchObject({ id: trip, seq: 2 })

    const kaisa = await passengerRow('espoo', first)
    const ville = await passengerRow('espoo', second)
    expect(kaisa?.name).toBe('Kaisa Kelpo')
    expect(ville?.name).toBe('Ville Kelpo')
    expect(await passengerRow('espoo', nameless)).toBeUndefined()
    expect((await placesOf(kaisa!.id)).map((place) => place.external_ref)).toEqual(['home'])
    expect((await placesOf(ville!.id)).map((place) => place.external_ref)).toEqual(['home'])
    // The duplicate booked nothing: the trip is the first item's, moved on by the last.
    expect(
      (await eventsOf(trip)).map((event) => [event.type, 'passengerId' in event ? event.passengerId : null]),
    ).toEqual([
      ['booked', kaisa!.id],
      ['dispatched', null],
    ])
    expect(await eventsOf(other)).toEqual([expect.objectContaining({ passengerId: ville!.id })])
    for (const missing of [backwards, noSuchTrip])
      expect(await tenantDb(test.db, 'espoo').trips.find(missing), missing).toBeUndefined()
  })

  it('answers 400 bad_request in its slot to a value the database cannot store, writing the rest of its run', async () => {
    const pupil = newRef('pupil')
    const [trip, other] = [newRef('trip'), newRef('trip')]
    const [dated, undated] = [newRef('permission'), newRef('permission')]
    const results = await bulk([
      { type: 'passenger', externalRef: pupil, name: 'Arvo Rajaton' },
      // Past the deductible's integer column; the contract has no bound for it.
      tripEvent(trip, booked(32 * 60, { passengerRef: pupil, deductibleCents: 2 ** 31 })),
      tripEvent(other, booked(32 * 60, { passengerRef: pupil })),
      tripEvent(other, booked(33 * 60, { passengerRef: pupil })),
      // A year PostgreSQL has no day of.
      {
        type: 'permission',
        externalRef: dated,
        passengerRef: pupil,
        ...permission([]),
        startDate: '0000-01-01',
      },
      { type: 'permission', externalRef: undated, passengerRef: pupil, ...permission([]) },
    ])
    expect(statuses(results)).toEqual([200, 400, 200, 400, 400, 200])
    for (const index of [1, 4])
      expect(results[index]!.error).toEqual({
        statusCode: 400,
        code: 'bad_request',
        message: 'A value in the request cannot be stored',
      })
    // The run written again without the item at fault still knows a trip id named twice.
    expect(results[3]!.error).toMatchObject({ errors: [{ property: 'tripId', error: 'duplicate' }] })
    expect(await tenantDb(test.db, 'espoo').trips.find(trip)).toBeUndefined()
    expect(await eventsOf(other)).toHaveLength(1)
    const permissions = await test.db
      .selectFrom('transportation_permissions')
      .select('external_ref')
      .where('external_ref', 'in', [dated, undated])
      .execute()
    expect(permissions).toEqual([{ external_ref: undated }])
  })

  it('changes nothing when the same load is sent again under a new key, and refuses another booking of a trip', async () => {
    const { first, second, trips, items } = load()
    const snapshot = async () => {
      const passengers = [await passengerRow('espoo', first), await passengerRow('espoo', second)]
      return {
        passengers,
        places: [await placesOf(passengers[0]!.id), await placesOf(passengers[1]!.id)],
        permissions: await test.db
          .selectFrom('transportation_permissions')
          .select(['id', 'external_ref', 'passenger_id', 'name'])
          .where(
            'passenger_id',
            'in',
            passengers.map((passenger) => passenger!.id),
          )
          .execute(),
        trips: [await eventsOf(trips[0]!), await eventsOf(trips[1]!)].map((events) =>
          JSON.parse(JSON.stringify(events)),
        ),
      }
    }
    const once = await bulk(items)
    expect(statuses(once)).toEqual(Array(items.length).fill(200))
    const before = await snapshot()
    const again = await bulk(items)
    expect(again).toEqual(once)
    expect(await snapshot()).toEqual(before)

    const [, trip] = trips
    const moved = booked(28 * 60, { passengerRef: second, startPlaceRef: 'home' })
    const results = await bulk([items[1]!, tripEvent(trip!, moved), tripEvent(newRef('trip'), moved)])
    expect(statuses(results)).toEqual([200, 409, 200])
    expect(results[1]!.error).toMatchObject({
      code: 'trip_event_rejected',
      errors: [{ property: 'type', error: 'already_booked' }],
    })
    expect((await snapshot()).trips).toEqual(before.trips)
  })

  it('replays the first answer to the same Idempotency-Key, writing nothing again', async () => {
    const { trips, items } = load()
    expect(statuses(await bulk(items))).toEqual(Array(items.length).fill(200))
    const idempotencyKey = randomUUID()
    const request = {
      items: [tripEvent(trips[0]!, progressEvents.dispatched), tripEvent(trips[1]!, { type: 'approved' })],
    }
    const first = await send(request, { idempotencyKey })
    const replayed = await send(request, { idempotencyKey })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({
      results: [
        { status: 200, id: trips[0], seq: 2, error: null },
        expect.objectContaining({
          status: 409,
          error: expect.objectContaining({ code: 'trip_event_rejected' }),
        }),
      ],
    })
    expect(replayed.headers['idempotent-replayed']).toBe('true')
    expect(replayed.body).toBe(first.body)
    expect(await eventsOf(trips[0]!)).toHaveLength(2)
    expect(await eventsOf(trips[1]!)).toHaveLength(1)
  })

  it('refuses a request of no items or too many, too large a body, and a caller without a key', async () => {
    const passenger = (index: number) => ({
      type: 'passenger',
      externalRef: `bulk-many-${index}`,
      name: 'Liika',
    })
    const tooMany = await send({
      items: Array.from({ length: bulkMaxItems + 1 }, (_, index) => passenger(index)),
    })
    const none = await send({ items: [] })
    for (const response of [tooMany, none]) {
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ property: 'items' }] })
    }
    const everyItem = await test.db
      .selectFrom('passengers')
      .select('id')
      .where('external_ref', 'like', 'bulk-many-%')
      .execute()
    expect(everyItem).toEqual([])

    // Over the limit by a little: the JSON is whole, and would parse.
    const tooLarge = JSON.stringify({ items: [{ ...passenger(0), note: 'x'.repeat(bulkMaxBytes) }] })
    const refused = await send(tooLarge)
    expect(refused.statusCode).toBe(413)
    expect(refused.json()).toMatchObject({ statusCode: 413, code: 'payload_too_large' })
    // The key is checked before the body is read: without one, any body is 401, however large.
    const underLimit = JSON.stringify({ items: [{ ...passenger(0), note: 'x'.repeat(bulkMaxBytes / 2) }] })
    for (const [key, body] of [
      [null, tooLarge],
      [null, underLimit],
      ['not-a-key', underLimit],
    ] as const) {
      const response = await send(body, { key })
      expect(response.statusCode, String(key)).toBe(401)
      expect(response.json()).toMatchObject({ code: 'invalid_api_key' })
    }
  })

  it('answers 409 passenger_ended to every item naming a passenger the operator ended', async () => {
    const { first, trips, items } = load()
    expect(statuses(await bulk(items))).toEqual(Array(items.length).fill(200))
    const aino = await passengerRow('espoo', first)
    const ended = await test.app.inject({
      method: 'POST',
      url: `/api/operator/passengers/${aino!.id}/end`,
      headers: {
        host: `espoo.localhost:${testPort}`,
        'x-api-key': demoOperatorKey('espoo'),
        'idempotency-key': randomUUID(),
      },
      payload: { reason: 'Muutti pois' },
    })
    expect(ended.statusCode, ended.body).toBe(200)
    const living = newRef('pupil')
    const results = await bulk([
      items[0]!,
      { type: 'passenger', externalRef: living, name: 'Elävä Matkustaja' },
      { type: 'place', passengerRef: first, externalRef: 'cottage', ...placed },
      { type: 'place', passengerId: aino!.id, externalRef: 'home', ...placed },
      { type: 'permission', externalRef: newRef('permission'), passengerRef: first, ...permission(['home']) },
      tripEvent(newRef('trip'), booked(30 * 60, { passengerRef: first })),
      tripEvent(newRef('trip'), booked(30 * 60, { passengerId: aino!.id })),
      { type: 'place', passengerRef: living, externalRef: 'home', ...placed },
    ])
    expect(statuses(results)).toEqual([409, 200, 409, 409, 409, 409, 409, 200])
    expect(results.map((result) => result.error?.errors?.[0]?.property ?? null)).toEqual([
      'externalRef',
      null,
      'passengerRef',
      'passengerId',
      'passengerRef',
      'passengerRef',
      'passengerId',
      null,
    ])
    for (const result of results.filter((result) => result.status === 409))
      expect(result.error).toMatchObject({ code: 'passenger_ended', errors: [{ error: 'ended' }] })
    expect((await placesOf(aino!.id)).map((place) => place.external_ref)).toEqual(['home', 'school'])
    expect((await placesOf(results[1]!.id!)).map((place) => place.external_ref)).toEqual(['home'])
    // The end cancelled the passenger's trip still to come; its booking was not written again.
    expect((await eventsOf(trips[0]!)).map((event) => event.type)).toEqual(['booked', 'cancelled'])
  })

  it('writes type by type, so a load may list each passenger with its places and bookings, in any order', async () => {
    const { first, second, trips, items } = load()
    // Bookings first, then places, then each passenger: the reverse of what they depend on.
    const reversed = items.toReversed()
    const results = await bulk(reversed)
    expect(statuses(results)).toEqual(Array(items.length).fill(200))
    expect(results[reversed.length - 1]!.id).toBe((await passengerRow('espoo', first))!.id)
    expect(results[reversed.length - 2]!.id).toBe((await passengerRow('espoo', second))!.id)
    expect(results[0]).toMatchObject({ id: trips[1], seq: 1 })
    expect((await eventsOf(trips[0]!)).map((event) => event.type)).toEqual(['booked'])
  })

  it('keeps each tenant’s items to itself: another tenant’s key names none of this tenant’s passengers or trips', async () => {
    const { first, trips, items } = load()
    expect(statuses(await bulk(items))).toEqual(Array(items.length).fill(200))
    const aino = await passengerRow('espoo', first)
    const placesBefore = await placesOf(aino!.id)
    const results = await bulk(
      [
        { type: 'place', passengerRef: first, externalRef: 'home', ...placed, alias: 'Vieras' },
        { type: 'place', passengerId: aino!.id, externalRef: 'attic', ...placed },
        { type: 'permission', externalRef: newRef('permission'), passengerRef: first, ...permission([]) },
        { type: 'permission', externalRef: newRef('permission'), passengerId: aino!.id, ...permission([]) },
        tripEvent(newRef('trip'), booked(31 * 60, { passengerRef: first })),
        tripEvent(newRef('trip'), booked(31 * 60, { passengerId: aino!.id })),
        tripEvent(trips[0]!, progressEvents.dispatched),
      ],
      { tenant: 'demo' },
    )
    expect(statuses(results)).toEqual(Array(7).fill(404))
    for (const result of results) expect(result.error?.code).toBe('not_found')
    // The same reference in this tenant is its own passenger, and the same trip id its own trip.
    const own = await bulk(
      [
        { type: 'passenger', externalRef: first, name: 'Toinen Tenantti' },
        tripEvent(trips[0]!, booked(31 * 60, { passengerRef: first })),
      ],
      { tenant: 'demo' },
    )
    expect(statuses(own)).toEqual([200, 200])
    const theirs = await passengerRow('demo', first)
    expect(own[0]!.id).toBe(theirs!.id)
    expect(theirs!.id).not.toBe(aino!.id)

    expect(await passengerRow('espoo', first)).toEqual(aino)
    expect(await placesOf(aino!.id)).toEqual(placesBefore)
    expect(
      await test.db
        .selectFrom('transportation_permissions')
        .select('id')
        .where('tenant_id', '=', 'demo')
        .where('passenger_id', '=', aino!.id)
        .execute(),
    ).toEqual([])
    expect((await eventsOf(trips[0]!)).map((event) => event.type)).toEqual(['booked'])
    expect(await eventsOf(trips[0]!, 'demo')).toEqual([expect.objectContaining({ passengerId: theirs!.id })])
  })
})
