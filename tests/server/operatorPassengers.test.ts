import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  operatorPassenger,
  operatorPassengerPage,
  operatorPlace,
  type OperatorPassenger,
  type OperatorPermission,
  type OperatorPlace,
  type PlaceItem,
} from '../../src/contract/operatorPassengers'
import type { Passenger } from '../../src/contract/passenger'
import type { Trip } from '../../src/contract/trip'
import type { TenantId } from '../../tenants'
import { tenantDb } from '../../server/db/tenantDb'
import { demoOperatorKey } from '../../server/demo/operatorKeys'
import { regions } from '../../server/demo/regions'
import { GeocodeError, type Geocoder } from '../../server/geo/geocoder'
import { upsertPassengers } from '../../server/passengers/upsertPassengers'
import { upsertPlaces } from '../../server/passengers/upsertPlaces'
import { api, createTestApp, testPort, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { address, helsinkiIn, operatorEvent } from './support/trips'

/** An operator API call with the tenant's demo key on the tenant's host; `payload` objects are sent as JSON. */
function operator(
  test: TestApp,
  tenant: TenantId,
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return test.app.inject({
    method,
    url,
    headers: { host: `${tenant}.localhost:${testPort}`, 'x-api-key': demoOperatorKey(tenant) },
    ...(payload === undefined ? {} : { payload }),
  })
}

/** A permission for all of 2030 with one place group naming places by the operator's references. */
const permission = (placeRefs: string[], name = 'Koulukuljetus'): OperatorPermission => ({
  name,
  decisionType: 'OTHER',
  tripDestinations: 1,
  startDate: '2030-01-01',
  endDate: '2030-12-31',
  periods: [
    {
      startDate: '2030-01-01',
      endDate: '2030-12-31',
      totalQuota: 40,
      usedQuota: 2,
      totalExpressQuota: 0,
      usedExpressQuota: 0,
      savedToNext: 0,
      borrowed: 0,
    },
  ],
  placeGroups: [{ name: 'Koti ja koulu', placeRefs }],
})

/** A place with coordinates, so that nothing is geocoded. */
const placed = { alias: 'Koti', address: 'Koivukuja 3, 02110 Espoo', latitude: 60.21, longitude: 24.64 }

describe.each(backends)('the operator’s passengers, places and permissions on $name', (backend) => {
  let test: TestApp
  let guardian: string
  let guarded: Passenger
  let refNumber = 0
  const newRef = (what: string) => `${what}-${++refNumber}`

  const putPassenger = (ref: string, body: object, tenant: TenantId = 'espoo') =>
    operator(test, tenant, 'PUT', `/api/operator/passengers/byRef/${ref}`, body)
  const putPlace = (passengerId: string, ref: string, body: object, tenant: TenantId = 'espoo') =>
    operator(test, tenant, 'PUT', `/api/operator/passengers/${passengerId}/places/byRef/${ref}`, body)
  const putPermission = (ref: string, body: object, tenant: TenantId = 'espoo') =>
    operator(test, tenant, 'PUT', `/api/operator/transportationPermissions/byRef/${ref}`, body)

  /** A new passenger of espoo with a home and a school, by the operator's references. */
  async function newPassenger(): Promise<OperatorPassenger> {
    const passenger = (
      await putPassenger(newRef('pupil'), { name: 'Oona Operaattori' })
    ).json<OperatorPassenger>()
    expect((await putPlace(passenger.id, 'home', { ...placed, isHome: true })).statusCode).toBe(200)
    expect(
      (await putPlace(passenger.id, 'school', { ...placed, alias: 'Koulu', isMain: true, sortOrder: 1 }))
        .statusCode,
    ).toBe(200)
    return passenger
  }

  /** Ends a passenger as the lifecycle would, written past the API. */
  const end = (passengerId: string) =>
    test.db
      .updateTable('passengers')
      .set({ ended_at: Temporal.Now.instant(), end_reason: 'Muutti pois' })
      .where('tenant_id', '=', 'espoo')
      .where('id', '=', passengerId)
      .execute()

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo'] })
    guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    guarded = (await api(test.app, 'espoo', guardian, { url: '/api/passenger' })).json<Passenger[]>()[0]!
  })
  afterAll(() => test.close())

  it('upserts a passenger by reference: the same call twice is one passenger, a changed one updates it', async () => {
    const ref = newRef('pupil')
    const first = await putPassenger(ref, { name: 'Aino Esimerkki', phone: '+358 40 123 4567' })
    expect(first.statusCode).toBe(200)
    const created = first.json<OperatorPassenger>()
    expect(created).toEqual({
      id: expect.any(String),
      externalRef: ref,
      name: 'Aino Esimerkki',
      initials: 'AE',
      phone: '+358 40 123 4567',
      language: null,
      endedAt: null,
      erased: false,
    })
    const again = await putPassenger(ref, { name: 'Aino Esimerkki', phone: '+358 40 123 4567' })
    expect(again.json()).toEqual(created)
    // Left out, the phone and language are gone; the initials follow the name, as nobody chose others.
    const changed = await putPassenger(ref, { name: 'Aino Uusinimi', language: 'sv' })
    expect(changed.json()).toEqual({
      ...created,
      name: 'Aino Uusinimi',
      initials: 'AU',
      phone: null,
      language: 'sv',
    })
    const rows = await test.db.selectFrom('passengers').select('id').where('external_ref', '=', ref).execute()
    expect(rows).toEqual([{ id: created.id }])
    for (const url of [`/api/operator/passengers/byRef/${ref}`, `/api/operator/passengers/${created.id}`]) {
      const read = await operator(test, 'espoo', 'GET', url)
      expect(read.statusCode, url).toBe(200)
      // Reads are not run through the schema on the way out: the answer must be the contract exactly.
      expect(read.json(), url).toStrictEqual(operatorPassenger.parse(read.json()))
      expect(read.json(), url).toEqual(changed.json())
    }
  })

  it('keeps the initials a guardian chose unless the operator sends some', async () => {
    const ref = newRef('pupil')
    const { id } = (await putPassenger(ref, { name: 'Eetu Esimerkki' })).json<OperatorPassenger>()
    await tenantDb(test.db, 'espoo').passengers.updateAvatarText(id, 'EE')
    await tenantDb(test.db, 'espoo').passengers.updateAvatarText(id, 'ET')
    expect((await putPassenger(ref, { name: 'Eetu Toinen' })).json()).toMatchObject({ initials: 'ET' })
    expect((await putPassenger(ref, { name: 'Eetu Toinen', initials: 'x' })).json()).toMatchObject({
      initials: 'X',
    })
  })

  it('places a place sent with only an address with the geocoder, filling its postal code and city', async () => {
    const passenger = await newPassenger()
    // A demo street, which the embedded gazetteer knows in demo mode (server/demo/streets.ts).
    const response = await putPlace(passenger.id, 'school', {
      alias: 'Koulu',
      address: 'Koulukatu 5, Espoo',
      isMain: true,
    })
    expect(response.statusCode).toBe(200)
    const region = regions.espoo
    expect(response.json()).toMatchObject({
      externalRef: 'school',
      passengerId: passenger.id,
      display: 'Koulukatu 5, Espoo',
      streetnumber: '5',
      postalcode: '02110',
      city: 'Espoo',
      latitude: Number((region.latitude - 0.004).toFixed(5)),
      longitude: Number((region.longitude + 0.006).toFixed(5)),
      isMain: true,
      isHome: false,
    })
  })

  it('answers 400 naming address, clearly, for an address the geocoder cannot place', async () => {
    const passenger = await newPassenger()
    const response = await putPlace(passenger.id, 'nowhere', {
      alias: 'Mökki',
      address: 'Olematonkuja 99, 99999 Eimissään',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'validation_failed',
      message: 'The address could not be placed; send latitude and longitude',
      errors: [{ property: 'address', error: 'not_found' }],
    })
    const places = await operator(test, 'espoo', 'GET', `/api/operator/passengers/${passenger.id}/places`)
    expect(places.json<OperatorPlace[]>().map((place) => place.externalRef)).toEqual(['home', 'school'])
  })

  it('keeps a place’s flags and order, updates it in place, and lists the passenger’s places', async () => {
    const passenger = await newPassenger()
    const flags = { isHome: false, isPickup: true, isViaPoint: true, isMain: false, isSecondaryPlace: true }
    const body = { ...placed, alias: 'Terapia', display: 'Lasten terapiakeskus', ...flags, sortOrder: 7 }
    const created = (await putPlace(passenger.id, 'therapy', body)).json<OperatorPlace>()
    expect(created).toEqual({
      id: expect.any(String),
      externalRef: 'therapy',
      passengerId: passenger.id,
      alias: 'Terapia',
      display: 'Lasten terapiakeskus',
      address: placed.address,
      streetnumber: null,
      postalcode: null,
      city: null,
      latitude: placed.latitude,
      longitude: placed.longitude,
      ...flags,
      sortOrder: 7,
    })
    const moved = {
      ...body,
      isViaPoint: false,
      isMain: true,
      sortOrder: 2,
      latitude: 60.22,
      longitude: 24.65,
    }
    const updated = (await putPlace(passenger.id, 'therapy', moved)).json<OperatorPlace>()
    expect(updated).toEqual({
      ...created,
      isViaPoint: false,
      isMain: true,
      sortOrder: 2,
      latitude: 60.22,
      longitude: 24.65,
    })
    const list = await operator(test, 'espoo', 'GET', `/api/operator/passengers/${passenger.id}/places`)
    expect(list.statusCode).toBe(200)
    const places = list.json<OperatorPlace[]>()
    expect(places).toStrictEqual(places.map((place) => operatorPlace.parse(place)))
    expect(places.map((place) => [place.externalRef, place.sortOrder])).toEqual([
      ['home', 0],
      ['school', 1],
      ['therapy', 2],
    ])
    expect(places.find((place) => place.externalRef === 'therapy')).toEqual(updated)
  })

  it('deletes a place by reference, which its permission’s place group then leaves out', async () => {
    const passenger = await newPassenger()
    const ref = newRef('permission')
    const written = await putPermission(ref, { passengerId: passenger.id, ...permission(['home', 'school']) })
    expect(written.statusCode).toBe(200)
    const [home, school] = written.json<{ placeGroups: { placeIds: string[] }[] }>().placeGroups[0]!.placeIds
    const url = `/api/operator/passengers/${passenger.id}/places/byRef/school`
    const deleted = await operator(test, 'espoo', 'DELETE', url)
    expect(deleted.statusCode).toBe(200)
    expect(deleted.json()).toBeNull()
    expect((await operator(test, 'espoo', 'DELETE', url)).json()).toMatchObject({
      statusCode: 404,
      code: 'not_found',
    })
    const stored = await tenantDb(test.db, 'espoo').permissions.find(written.json<{ id: string }>().id)
    expect(stored?.placeGroups).toEqual([{ name: 'Koti ja koulu', placeIds: [home] }])
    expect(school).not.toBe(home)
  })

  it('pages through every passenger of the tenant by id, the cursor going on where the last page ended', async () => {
    const all: OperatorPassenger[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const query: string = cursor === null ? '?limit=4' : `?limit=4&cursor=${cursor}`
      const response = await operator(test, 'demo', 'GET', `/api/operator/passengers${query}`)
      expect(response.statusCode).toBe(200)
      const page = response.json<{ passengers: OperatorPassenger[]; nextCursor: string | null }>()
      expect(page).toStrictEqual(operatorPassengerPage.parse(page))
      expect(page.passengers.length).toBeLessThanOrEqual(4)
      all.push(...page.passengers)
      cursor = page.nextCursor
      pages++
    } while (cursor !== null && pages < 50)
    const ids = await test.db.selectFrom('passengers').select('id').where('tenant_id', '=', 'demo').execute()
    expect(pages).toBeGreaterThan(2)
    expect(all.map((passenger) => passenger.id)).toEqual(ids.map((row) => row.id).toSorted())
    // The seed's passengers carry the operator's references, as it writes them through the same functions.
    expect(all.every((passenger) => passenger.externalRef?.startsWith('demo-'))).toBe(true)
    const whole = await operator(test, 'demo', 'GET', '/api/operator/passengers')
    expect(whole.json()).toEqual({ passengers: all, nextCursor: null })
  })

  it('books a trip by the operator’s references, which the passenger’s guardian then sees', async () => {
    const { externalRef } = (
      await operator(test, 'espoo', 'GET', `/api/operator/passengers/${guarded.id}`)
    ).json<OperatorPassenger>()
    const places = (
      await operator(test, 'espoo', 'GET', `/api/operator/passengers/${guarded.id}/places`)
    ).json<OperatorPlace[]>()
    const placeId = (ref: string) => places.find((place) => place.externalRef === ref)!.id
    const start = helsinkiIn(120)
    const tripId = `by-ref-${refNumber++}`
    const response = await operatorEvent(test.app, 'espoo', tripId, {
      type: 'booked',
      passengerRef: externalRef!,
      start: start.toString({ timeZoneName: 'never' }),
      end: start.add({ minutes: 30 }).toString({ timeZoneName: 'never' }),
      startAddress: address('Koti'),
      endAddress: address('Koulu'),
      startPlaceRef: 'home',
      endPlaceRef: 'main',
      viaPoints: [{ address: address('Terapia'), placeRef: 'errand', time: null, waitMinutes: 5 }],
    })
    expect(response.statusCode).toBe(200)
    const [booked] = await tenantDb(test.db, 'espoo').trips.events(tripId)
    expect(booked).toMatchObject({
      passengerId: guarded.id,
      startPlaceId: placeId('home'),
      endPlaceId: placeId('main'),
      viaPoints: [{ placeId: placeId('errand') }],
    })
    expect(booked).not.toHaveProperty('passengerRef')
    const trips = (
      await api(test.app, 'espoo', guardian, { url: `/api/passenger/${guarded.id}/trips` })
    ).json<Trip[]>()
    expect(trips.find((trip) => trip.id === tripId)).toMatchObject({
      passenger: { id: guarded.id },
      startPlace: placeId('home'),
      endPlace: placeId('main'),
    })
  })

  it('refuses a booking naming an unknown reference, or a passenger both ways or neither, naming the property', async () => {
    const { externalRef } = (
      await operator(test, 'espoo', 'GET', `/api/operator/passengers/${guarded.id}`)
    ).json<OperatorPassenger>()
    const start = helsinkiIn(180)
    const booking = {
      type: 'booked' as const,
      start: start.toString({ timeZoneName: 'never' }),
      end: start.add({ minutes: 30 }).toString({ timeZoneName: 'never' }),
      startAddress: address('Koti'),
      endAddress: address('Koulu'),
    }
    const cases: [object, number, string][] = [
      [{ passengerRef: 'no-such-pupil' }, 404, 'passengerRef'],
      [{ passengerRef: externalRef, startPlaceRef: 'no-such-place' }, 400, 'startPlaceRef'],
      [{ passengerRef: externalRef, passengerId: guarded.id }, 400, 'passengerRef'],
      [{}, 400, 'passengerId'],
      [{ passengerId: guarded.id, endPlaceRef: 'main', endPlaceId: 'x' }, 400, 'endPlaceRef'],
    ]
    for (const [names, status, property] of cases) {
      const tripId = `refused-${refNumber++}`
      const response = await operatorEvent(test.app, 'espoo', tripId, { ...booking, ...names } as never)
      expect(response.statusCode, property).toBe(status)
      expect(response.json().errors, property).toEqual([expect.objectContaining({ property })])
      expect(await tenantDb(test.db, 'espoo').trips.find(tripId)).toBeUndefined()
    }
  })

  it('upserts a permission by reference: twice is one permission, replaced whole; not another passenger’s', async () => {
    const passenger = await newPassenger()
    const ref = newRef('permission')
    const first = await putPermission(ref, { passengerRef: passenger.externalRef, ...permission(['home']) })
    expect(first.statusCode).toBe(200)
    const created = first.json<{ id: string; placeGroups: unknown }>()
    const places = (
      await operator(test, 'espoo', 'GET', `/api/operator/passengers/${passenger.id}/places`)
    ).json<OperatorPlace[]>()
    const home = places.find((place) => place.externalRef === 'home')!
    const school = places.find((place) => place.externalRef === 'school')!
    expect(created).toMatchObject({
      externalRef: ref,
      passengerId: passenger.id,
      name: 'Koulukuljetus',
      remainingQuota: 0,
      placeGroups: [{ name: 'Koti ja koulu', placeIds: [home.id] }],
    })
    const second = await putPermission(ref, {
      passengerId: passenger.id,
      ...permission(['school', 'home'], 'Uusi nimi'),
    })
    expect(second.statusCode).toBe(200)
    expect(second.json()).toMatchObject({
      id: created.id,
      name: 'Uusi nimi',
      placeGroups: [{ name: 'Koti ja koulu', placeIds: [school.id, home.id] }],
    })
    const rows = await test.db
      .selectFrom('transportation_permissions')
      .select('id')
      .where('external_ref', '=', ref)
      .execute()
    expect(rows).toEqual([{ id: created.id }])
    const stored = await tenantDb(test.db, 'espoo').permissions.find(created.id)
    expect(stored?.periods).toHaveLength(1)
    expect(stored?.name).toBe('Uusi nimi')

    const other = await newPassenger()
    const moved = await putPermission(ref, { passengerId: other.id, ...permission(['home']) })
    expect(moved.statusCode).toBe(409)
    expect(moved.json()).toMatchObject({ errors: [{ property: 'passengerId', error: 'other_passenger' }] })
    expect((await tenantDb(test.db, 'espoo').permissions.find(created.id))?.passengerId).toBe(passenger.id)

    const unknown = await putPermission(newRef('permission'), {
      passengerId: other.id,
      ...permission(['home', 'attic']),
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({
      errors: [{ property: 'placeGroups.0.placeRefs.1', error: 'not_found' }],
    })
  })

  it('answers 409 passenger_ended to any new data of a passenger the operator ended', async () => {
    const passenger = await newPassenger()
    await end(passenger.id)
    const start = helsinkiIn(240)
    const responses = [
      await putPassenger(passenger.externalRef!, { name: 'Oona Operaattori' }),
      await putPlace(passenger.id, 'cottage', placed),
      await putPermission(newRef('permission'), { passengerRef: passenger.externalRef, ...permission([]) }),
      await operatorEvent(test.app, 'espoo', `ended-${refNumber++}`, {
        type: 'booked',
        passengerRef: passenger.externalRef!,
        start: start.toString({ timeZoneName: 'never' }),
        end: start.add({ minutes: 30 }).toString({ timeZoneName: 'never' }),
        startAddress: address('Koti'),
        endAddress: address('Koulu'),
      }),
    ]
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(409)
      expect(response.json()).toMatchObject({ code: 'passenger_ended' })
    }
    const read = (
      await operator(test, 'espoo', 'GET', `/api/operator/passengers/${passenger.id}`)
    ).json<OperatorPassenger>()
    expect(read).toMatchObject({ name: 'Oona Operaattori', endedAt: expect.any(String), erased: false })
  })

  it('keeps every route to the tenant: another tenant’s key finds none of it (404) and changes none of it', async () => {
    const passenger = await newPassenger()
    const ref = passenger.externalRef!
    const permissionRef = newRef('permission')
    expect(
      (await putPermission(permissionRef, { passengerId: passenger.id, ...permission(['home']) })).statusCode,
    ).toBe(200)
    const notFound = [
      await operator(test, 'demo', 'GET', `/api/operator/passengers/${passenger.id}`),
      await operator(test, 'demo', 'GET', `/api/operator/passengers/byRef/${ref}`),
      await operator(test, 'demo', 'GET', `/api/operator/passengers/${passenger.id}/places`),
      await putPlace(passenger.id, 'home', placed, 'demo'),
      await operator(test, 'demo', 'DELETE', `/api/operator/passengers/${passenger.id}/places/byRef/home`),
      await putPermission(permissionRef, { passengerId: passenger.id, ...permission([]) }, 'demo'),
      await putPermission(permissionRef, { passengerRef: ref, ...permission([]) }, 'demo'),
    ]
    for (const response of notFound) {
      expect(response.statusCode, response.body).toBe(404)
      expect(response.json()).toMatchObject({ code: 'not_found' })
    }
    const demoPages = (await operator(test, 'demo', 'GET', '/api/operator/passengers?limit=500')).json<{
      passengers: OperatorPassenger[]
    }>()
    expect(demoPages.passengers.map((other) => other.id)).not.toContain(passenger.id)
    // The same reference in another tenant is that tenant's own passenger.
    const theirs = (await putPassenger(ref, { name: 'Toinen Tenantti' }, 'demo')).json<OperatorPassenger>()
    expect(theirs.id).not.toBe(passenger.id)
    const ours = (
      await operator(test, 'espoo', 'GET', `/api/operator/passengers/byRef/${ref}`)
    ).json<OperatorPassenger>()
    expect(ours).toEqual(passenger)
    const places = (
      await operator(test, 'espoo', 'GET', `/api/operator/passengers/${passenger.id}/places`)
    ).json<OperatorPlace[]>()
    expect(places.map((place) => place.externalRef)).toEqual(['home', 'school'])
    expect(
      await test.db
        .selectFrom('transportation_permissions')
        .select('tenant_id')
        .where('external_ref', '=', permissionRef)
        .execute(),
    ).toEqual([{ tenant_id: 'espoo' }])
  })

  it('answers bad input with 400 and the properties at fault, never 500', async () => {
    const passenger = await newPassenger()
    const cases: [
      Promise<{ statusCode: number; json: () => { errors?: { property: string }[] } }>,
      string,
    ][] = [
      [putPassenger(newRef('pupil'), { name: '' }), 'name'],
      [putPassenger(newRef('pupil'), { name: 'Aino', language: 'de' }), 'language'],
      [putPassenger(newRef('pupil'), { name: 'Aino', initials: 'ABC' }), 'initials'],
      [putPassenger('not%20a%20ref', { name: 'Aino' }), 'ref'],
      [putPlace(passenger.id, 'x', { ...placed, alias: undefined }), 'alias'],
      [putPlace(passenger.id, 'x', { alias: 'Koti', address: 'Koivukuja 3', latitude: 60.2 }), 'longitude'],
      [putPlace(passenger.id, 'x', { ...placed, latitude: 600 }), 'latitude'],
      [putPlace(passenger.id, 'x', { ...placed, isHome: 'yes' }), 'isHome'],
      [putPermission(newRef('permission'), permission(['home'])), 'passengerId'],
      [
        putPermission(newRef('permission'), {
          passengerId: passenger.id,
          passengerRef: 'x',
          ...permission([]),
        }),
        'passengerRef',
      ],
      [
        putPermission(newRef('permission'), {
          passengerId: passenger.id,
          ...permission([]),
          placeGroups: [{ name: 'Molemmat', placeIds: [], placeRefs: [] }],
        }),
        'placeGroups.0.placeRefs',
      ],
      [operator(test, 'espoo', 'GET', '/api/operator/passengers?limit=0'), 'limit'],
      [operator(test, 'espoo', 'GET', '/api/operator/passengers?limit=501'), 'limit'],
      [operator(test, 'espoo', 'GET', '/api/operator/passengers?cursor=not+a+cursor'), 'cursor'],
    ]
    for (const [call, property] of cases) {
      const response = await call
      expect(response.statusCode, property).toBe(400)
      expect(response.json().errors, property).toContainEqual(expect.objectContaining({ property }))
    }
  })

  it('answers each item of a batch on its own: one item’s problem spoils no other', async () => {
    const passenger = await newPassenger()
    const [ended] = (
      await upsertPassengers(tenantDb(test.db, 'espoo'), [
        { externalRef: newRef('pupil'), name: 'Päättyvä Matkustaja', phone: null, language: null },
      ])
    ).map((outcome) => (outcome.ok ? outcome.value : null))
    await end(ended!.id)
    const refs = [newRef('pupil'), newRef('pupil')]
    const passengers = await tenantDb(test.db, 'espoo').transaction((db) =>
      upsertPassengers(db, [
        { externalRef: refs[0]!, name: 'Eka Erä', phone: null, language: 'fi' },
        { externalRef: ended!.external_ref!, name: 'Päättyvä Matkustaja', phone: null, language: null },
        { externalRef: refs[0]!, name: 'Eka Uudestaan', phone: null, language: null },
        { externalRef: refs[1]!, name: 'Toka Erä', phone: null, language: null },
      ]),
    )
    expect(passengers.map((outcome) => (outcome.ok ? outcome.value.name : outcome.error.code))).toEqual([
      'Eka Erä',
      'passenger_ended',
      'validation_failed',
      'Toka Erä',
    ])

    const failing: Geocoder = { search: () => Promise.reject(new GeocodeError('timed out')) }
    const item = (externalRef: string, changes: Partial<PlaceItem>): PlaceItem => ({
      passengerId: passenger.id,
      externalRef,
      alias: 'Paikka',
      address: 'Koulukatu 5, Espoo',
      isHome: false,
      isPickup: false,
      isViaPoint: false,
      isMain: false,
      isSecondaryPlace: false,
      sortOrder: 0,
      ...changes,
    })
    const places = await tenantDb(test.db, 'espoo').transaction((db) =>
      upsertPlaces(db, failing, [
        item('placed', { latitude: 60.2, longitude: 24.6 }),
        item('unplaced', {}),
        item('stranger', { passengerId: 'no-such-passenger', latitude: 60.2, longitude: 24.6 }),
        item('by-ref', {
          passengerId: undefined,
          passengerRef: passenger.externalRef!,
          latitude: 60.3,
          longitude: 24.7,
        }),
      ]),
    )
    expect(
      places.map((outcome) => (outcome.ok ? outcome.value.external_ref : outcome.error.statusCode)),
    ).toEqual(['placed', 503, 404, 'by-ref'])
    expect(places[1]).toMatchObject({ ok: false, error: { code: 'address_search_unavailable' } })
  })
})
