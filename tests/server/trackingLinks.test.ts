import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Passenger, Place } from '../../src/contract/passenger'
import type { TrackedTrip, TrackingLink } from '../../src/contract/tracking'
import { trackedTrip } from '../../src/contract/tracking'
import { tripStatusCodes } from '../../src/contract/trip'
import { hashApiKey } from '../../server/auth/operatorKeys'
import { tenantDb } from '../../server/db/tenantDb'
import { demoOperatorKey } from '../../server/demo/operatorKeys'
import type { TenantId } from '../../tenants'
import { api, createTestApp, testPort, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { createLink, linkOf, listen, officePoll } from './support/tracking'
import { bookTrip, helsinkiIn, operatorEvent, withdrawGrant } from './support/trips'

const iso = (zoned: ReturnType<typeof helsinkiIn>) => zoned.toString({ timeZoneName: 'never' })
const zonedIso = (zoned: ReturnType<typeof helsinkiIn>) =>
  zoned.toString({ timeZoneName: 'never', smallestUnit: 'second' })

/**
 * Tracking links as a drivers' office meets them: every `GET api/track/{link}` goes over the network to a
 * listening server, through the poll front (server/plugins/pollReplay.ts), so a repeated poll may be a replay
 * and what ends a link must end its replays too. `reachedFastify` counts the polls the front handed on.
 */
describe.each(backends)('tracking links on $name', (backend) => {
  let test: TestApp
  let origin: string
  let guardian: string
  let single: string
  let passenger: Passenger
  let reachedFastify = 0

  const soon = () => bookTrip(test.app, 'espoo', { passengerId: passenger.id, start: helsinkiIn(10) })
  const poll = (link: string, tenant: TenantId = 'espoo') => officePoll(origin, tenant, link)
  const operatorCall = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: { key?: string | null; payload?: object } = {},
  ) => {
    const key = options.key === undefined ? demoOperatorKey('espoo') : options.key
    return test.app.inject({
      method,
      url,
      headers: { host: `espoo.localhost:${testPort}`, ...(key ? { 'x-api-key': key } : {}) },
      ...(options.payload ? { payload: options.payload } : {}),
    })
  }
  /** A passenger of the demo guardian's own for one test, whose grant the test may take away. */
  const ownPassenger = async (tenant: TenantId, name: string) => {
    const id = randomUUID()
    const db = tenantDb(test.db, tenant)
    await db.passengers.insertMany([{ id, name, phone: null, avatar_text: 'AV' }])
    const userId = (await db.users.findByUserName('guardian'))!.id
    await db.passengers.grant(userId, [id])
    return { id, userId }
  }

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo', 'kulkukeskus'] })
    test.app.addHook('onRequest', (request, _reply, done) => {
      if (request.url.startsWith('/api/track/')) reachedFastify++
      done()
    })
    origin = await listen(test.app)
    guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    single = await tokenFor(test.app, 'espoo', 'single', 'demo-single-2026')
    passenger = (await api(test.app, 'espoo', guardian, { url: '/api/passenger' })).json<Passenger[]>()[0]!
  })
  afterAll(() => test.close())

  it('makes a link of 128 random bits for the trip, with its window, and gives the same one again', async () => {
    const start = helsinkiIn(10)
    const trip = await bookTrip(test.app, 'espoo', { passengerId: passenger.id, start, durationMinutes: 25 })
    const first = await linkOf(test.app, 'espoo', guardian, passenger.id, trip)
    expect(first).toEqual({
      link: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) as string,
      id: trip.id,
      date: trip.date,
      validFrom: zonedIso(start.subtract({ minutes: 60 })),
      validUntil: zonedIso(start.add({ minutes: 25 + 30 })),
    })
    expect(await linkOf(test.app, 'espoo', guardian, passenger.id, trip)).toEqual(first)
    const query = `passengerId=${passenger.id}&tripId=${trip.id}&date=${trip.date}`
    const got = await api(test.app, 'espoo', guardian, { url: `/api/trip/trackingLink?${query}` })
    expect(got.json()).toEqual(first)
    const other = await linkOf(test.app, 'espoo', guardian, passenger.id, await soon())
    expect(other.link).not.toBe(first.link)
  })

  it('has no link before one is made', async () => {
    const trip = await soon()
    const query = `passengerId=${passenger.id}&tripId=${trip.id}&date=${trip.date}`
    const got = await api(test.app, 'espoo', guardian, { url: `/api/trip/trackingLink?${query}` })
    expect(got.statusCode).toBe(200)
    expect(got.json()).toBeNull()
  })

  it('shows an office where the car goes and where it is, and nothing else', async () => {
    const places = (
      await api(test.app, 'espoo', guardian, { url: `/api/passenger/${passenger.id}/places` })
    ).json<Place[]>()
    const id = `trip-${randomUUID()}`
    const start = helsinkiIn(5)
    const viaTime = start.add({ minutes: 12 })
    const booked = await operatorEvent(test.app, 'espoo', id, {
      type: 'booked',
      passengerId: passenger.id,
      start: iso(start),
      end: iso(start.add({ minutes: 30 })),
      startPlaceId: places[0]!.id,
      startAddress: {
        alias: 'Koti',
        address: 'Kotikatu 3 B 12, 02130 Espoo',
        lat: 60.204567,
        lng: 24.651234,
      },
      endAddress: { alias: 'Koulu', address: 'Koulukatu 5, 02100 Espoo', lat: 60.2109, lng: 24.6611 },
      viaPoints: [
        {
          address: {
            alias: 'Terapia',
            address: 'Terveystie 4 as. 2, 02100 Espoo',
            lat: 60.20749,
            lng: 24.6588,
          },
          placeId: places[1]!.id,
          time: iso(viaTime),
          waitMinutes: 10,
        },
      ],
      deductibleCents: 310,
      note: 'Ovikoodi 4321',
    })
    expect(booked.statusCode).toBe(200)
    const car = {
      name: 'Taksi 7',
      registerNumber: 'ABC-123',
      phone: '+358 40 999 8877',
      driverName: 'Seppo Ajaja',
    }
    expect((await operatorEvent(test.app, 'espoo', id, { type: 'dispatched', car })).statusCode).toBe(200)
    const eta = start.add({ minutes: 31 })
    const moved = await operatorEvent(test.app, 'espoo', id, {
      type: 'position',
      location: { latitude: 60.2123456, longitude: 24.6654321 },
      eta: iso(eta),
    })
    expect(moved.statusCode).toBe(200)
    const trip = { id, date: start.toPlainDate().toString() }
    const { link, validUntil } = await linkOf(test.app, 'espoo', guardian, passenger.id, trip)

    const response = await poll(link)
    expect(response.status).toBe(200)
    const text = await response.text()
    const body = JSON.parse(text) as TrackedTrip
    expect(trackedTrip.parse(body)).toEqual(body)
    // Every field, nested ones too: nothing more may appear.
    expect(body).toEqual({
      id,
      date: trip.date,
      passengerName: passenger.name.split(' ')[0],
      startDateTime: zonedIso(start),
      endDateTime: zonedIso(start.add({ minutes: 30 })),
      startAddress: { address: 'Kotikatu 3, 02130 Espoo', lat: 60.205, lng: 24.651 },
      endAddress: { address: 'Koulukatu 5, 02100 Espoo', lat: 60.211, lng: 24.661 },
      viaPoints: [
        {
          viaPointAddress: { address: 'Terveystie 4, 02100 Espoo', lat: 60.207, lng: 24.659 },
          time: zonedIso(viaTime),
          waitTime: 10,
        },
      ],
      carName: 'Taksi 7',
      carRegisterNumber: 'ABC-123',
      cancelledAt: null,
      pickupTime: null,
      dropoffTime: null,
      noShowTime: null,
      status: {
        code: tripStatusCodes.Dispatched,
        eta: zonedIso(eta),
        etd: null,
        ata: null,
        carLocation: { latitude: 60.2123, longitude: 24.6654 },
      },
      validUntil,
    })
    const db = tenantDb(test.db, 'espoo')
    const stored = await db.passengers.find(passenger.id)
    const user = await db.users.findByUserName('guardian')
    const surname = passenger.name.split(' ').slice(1).join(' ')
    const secrets = [
      ...[car.phone, car.driverName, 'Ovikoodi', stored!.phone, user!.email, user!.phone, surname],
      ...['B 12', 'as. 2', 'Terapia', 'alias', passenger.id, places[0]!.id, places[1]!.id],
      ...['60.204567', '24.651234', '60.2123456', '24.6654321', 'deductible', 'note', 'driver'],
    ]
    for (const secret of secrets.filter((value) => value)) expect(text, String(secret)).not.toContain(secret)
  })

  it('names the passenger by initials where the tenant prefers, and shows no other part of the name', async () => {
    const tenant = 'kulkukeskus'
    const { id } = await ownPassenger(tenant, 'Anna-Liisa Åse Virtanen-Kallio')
    const token = await tokenFor(test.app, tenant, 'guardian', 'demo-guardian-2026')
    const trip = await bookTrip(test.app, tenant, { passengerId: id, start: helsinkiIn(10) })
    const { link } = await linkOf(test.app, tenant, token, id, trip)

    const response = await poll(link, tenant)
    expect(response.status).toBe(200)
    const text = await response.text()
    expect((JSON.parse(text) as TrackedTrip).passengerName).toBe('A.-L. Å. V.-K.')
    for (const part of ['Anna', 'Liisa', 'Åse', 'Virtanen', 'Kallio']) expect(text, part).not.toContain(part)
  })

  it('answers tracking_not_started before the window and tracking_ended after it', async () => {
    const later = await bookTrip(test.app, 'espoo', { passengerId: passenger.id, start: helsinkiIn(180) })
    const early = await poll((await linkOf(test.app, 'espoo', guardian, passenger.id, later)).link)
    expect(early.status).toBe(404)
    expect(await early.json()).toMatchObject({ statusCode: 404, code: 'tracking_not_started' })

    const past = await bookTrip(test.app, 'espoo', { passengerId: passenger.id, start: helsinkiIn(-200) })
    const ended = await linkOf(test.app, 'espoo', guardian, passenger.id, past)
    const response = await poll(ended.link)
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ statusCode: 404, code: 'tracking_ended' })
    // An ended link is no current link: asking for one makes a new one.
    expect((await linkOf(test.app, 'espoo', guardian, passenger.id, past)).link).not.toBe(ended.link)
  })

  it('ends 30 minutes after the drop-off, however long the trip was planned to take', async () => {
    const start = helsinkiIn(-90)
    const trip = await bookTrip(test.app, 'espoo', { passengerId: passenger.id, start, durationMinutes: 180 })
    const { link } = await linkOf(test.app, 'espoo', guardian, passenger.id, trip)
    expect((await poll(link)).status).toBe(200)
    await operatorEvent(test.app, 'espoo', trip.id, {
      type: 'pickedUp',
      at: helsinkiIn(-85).toInstant().toString(),
    })
    await operatorEvent(test.app, 'espoo', trip.id, {
      type: 'droppedOff',
      at: helsinkiIn(-31).toInstant().toString(),
    })
    expect(await (await poll(link)).json()).toMatchObject({ code: 'tracking_ended' })
  })

  it('ends two and a half hours after the planned end, whatever ETA the operator reports', async () => {
    const start = helsinkiIn(-200)
    const trip = await bookTrip(test.app, 'espoo', { passengerId: passenger.id, start, durationMinutes: 30 })
    const picked = await operatorEvent(test.app, 'espoo', trip.id, {
      type: 'pickedUp',
      at: start.toInstant().toString(),
      eta: iso(helsinkiIn(10 * 24 * 60)),
    })
    expect(picked.statusCode).toBe(200)
    const made = await linkOf(test.app, 'espoo', guardian, passenger.id, trip)
    expect(made.validUntil).toBe(zonedIso(start.add({ minutes: 30 + 120 + 30 })))
    expect(await (await poll(made.link)).json()).toMatchObject({ code: 'tracking_ended' })
  })

  it('works until revoked, replays included, then answers not found; only its maker revokes it', async () => {
    const trip = await soon()
    const { link } = await linkOf(test.app, 'espoo', guardian, passenger.id, trip)
    const revoke = (token: string) =>
      api(test.app, 'espoo', token, { method: 'DELETE', url: `/api/trip/trackingLink/${link}` })
    expect((await revoke(single)).statusCode).toBe(404)
    expect((await poll(link)).status).toBe(200)
    const seen = reachedFastify
    expect((await poll(link)).status).toBe(200)
    expect(reachedFastify).toBe(seen)
    const revoked = await revoke(guardian)
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json()).toBeNull()
    const after = await poll(link)
    expect(after.status).toBe(404)
    expect(await after.json()).toMatchObject({ statusCode: 404, code: 'not_found' })
    expect((await revoke(guardian)).statusCode).toBe(404)
    expect((await linkOf(test.app, 'espoo', guardian, passenger.id, trip)).link).not.toBe(link)
  })

  it('stops, replays included, when its maker no longer has the passenger, and works again when they do', async () => {
    const { id, userId } = await ownPassenger('espoo', 'Veera Vaihtuva')
    const token = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const trip = await bookTrip(test.app, 'espoo', { passengerId: id, start: helsinkiIn(10) })
    const { link } = await linkOf(test.app, 'espoo', token, id, trip)
    expect((await poll(link)).status).toBe(200)
    const seen = reachedFastify
    expect((await poll(link)).status).toBe(200)
    expect(reachedFastify).toBe(seen)

    await withdrawGrant(test, 'espoo', userId, id)
    const after = await poll(link)
    expect(after.status).toBe(404)
    expect(await after.json()).toMatchObject({ code: 'not_found' })
    expect((await poll(link)).status).toBe(404)

    await tenantDb(test.db, 'espoo').passengers.grant(userId, [id])
    await test.app.versionWatch.settled()
    expect((await poll(link)).status).toBe(200)
  })

  it('gives no link of another user’s passenger, and a link works only in its own tenant', async () => {
    const trip = await soon()
    const refused = await createLink(test.app, 'espoo', single, passenger.id, trip)
    expect(refused.statusCode).toBe(404)
    expect(refused.json()).toMatchObject({ code: 'not_found' })
    const wrongDate = await createLink(test.app, 'espoo', guardian, passenger.id, {
      ...trip,
      date: '2020-01-01',
    })
    expect(wrongDate.statusCode).toBe(404)
    const { link } = await linkOf(test.app, 'espoo', guardian, passenger.id, trip)
    expect((await poll(link, 'demo')).status).toBe(404)
    const demoGuardian = await tokenFor(test.app, 'demo', 'guardian', 'demo-guardian-2026')
    expect((await createLink(test.app, 'demo', demoGuardian, passenger.id, trip)).statusCode).toBe(404)
  })

  it('answers not found for a link nobody made, and 400 for one that cannot be a link', async () => {
    const unknown = await poll('A'.repeat(22))
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ code: 'not_found' })
    expect((await poll('short')).status).toBe(400)
  })

  it('gives the operator one link per trip, which any of its keys lists and revokes', async () => {
    const trip = await soon()
    const links = `/api/operator/trips/${trip.id}/trackingLinks`
    const create = (date = trip.date, key?: string | null) =>
      operatorCall('POST', links, { payload: { date }, key })
    const list = (key?: string) => operatorCall('GET', `${links}?date=${trip.date}`, { key })
    const first = await create()
    expect(first.statusCode).toBe(200)
    const made = first.json<TrackingLink>()
    expect((await create()).json()).toEqual(made)
    expect(await (await poll(made.link)).json()).toMatchObject({ id: trip.id })
    expect((await list()).json()).toEqual([made])
    expect((await create('2020-01-01')).statusCode).toBe(404)
    expect((await create(trip.date, null)).statusCode).toBe(401)
    expect((await operatorCall('GET', `${links}?date=2020-01-01`)).statusCode).toBe(404)

    // The guardian's link of the trip is theirs: the operator neither lists nor revokes it.
    const guardians = await linkOf(test.app, 'espoo', guardian, passenger.id, trip)
    expect((await list()).json()).toEqual([made])
    const revoke = (link: string, key?: string) =>
      operatorCall('DELETE', `/api/operator/trackingLinks/${link}`, { key })
    expect((await revoke(guardians.link)).statusCode).toBe(404)
    expect((await poll(guardians.link)).status).toBe(200)

    const otherKey = `second-espoo-key-${randomUUID()}`
    await tenantDb(test.db, 'espoo').operatorKeys.add('second', hashApiKey(otherKey))
    expect((await list(otherKey)).json()).toEqual([made])
    const revoked = await revoke(made.link, otherKey)
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json()).toBeNull()
    expect((await poll(made.link)).status).toBe(404)
    expect((await revoke(made.link)).statusCode).toBe(404)
    expect((await revoke('A'.repeat(22))).statusCode).toBe(404)
    expect((await list()).json()).toEqual([])
    const again = (await create()).json<TrackingLink>()
    expect(again.link).not.toBe(made.link)
  })

  it('ends the links an operator key made when the key is revoked', async () => {
    const key = `revoked-espoo-key-${randomUUID()}`
    const db = tenantDb(test.db, 'espoo')
    const keyId = (await db.operatorKeys.add('leaving', hashApiKey(key)))!
    const made = async (withKey?: string) => {
      const trip = await soon()
      const url = `/api/operator/trips/${trip.id}/trackingLinks`
      return (
        await operatorCall('POST', url, { payload: { date: trip.date }, key: withKey })
      ).json<TrackingLink>()
    }
    const ofKey = await made(key)
    const ofDemoKey = await made()
    expect((await poll(ofKey.link)).status).toBe(200)
    expect((await poll(ofKey.link)).status).toBe(200)
    expect(await db.operatorKeys.revoke(keyId, helsinkiIn(0).toInstant())).toBe(true)
    await test.app.versionWatch.settled()
    expect((await poll(ofKey.link)).status).toBe(404)
    expect((await poll(ofDemoKey.link)).status).toBe(200)
  })

  it('limits each address, with a 429 in the error shape', async () => {
    const limited = await test.secondInstance({ trackRateLimitPerMinute: 3 })
    const limitedOrigin = await listen(limited)
    const { link } = await linkOf(test.app, 'espoo', guardian, passenger.id, await soon())
    for (let i = 0; i < 3; i++) expect((await officePoll(limitedOrigin, 'espoo', link)).status).toBe(200)
    const refused = await officePoll(limitedOrigin, 'espoo', link)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({
      statusCode: 429,
      code: 'too_many_requests',
      message: expect.any(String) as string,
    })
    // Another address has its own count.
    const elsewhere = await limited.inject({
      url: `/api/track/${link}`,
      headers: { host: `espoo.localhost:${testPort}` },
      remoteAddress: '10.0.0.9',
    })
    expect(elsewhere.statusCode).toBe(200)
  })
})
