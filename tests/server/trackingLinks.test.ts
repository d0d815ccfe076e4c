import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Passenger } from '../../src/contract/passenger'
import type { TrackedTrip, TrackingLink } from '../../src/contract/tracking'
import { trackedTrip } from '../../src/contract/tracking'
import { tripStatusCodes } from '../../src/contract/trip'
import { tenantDb } from '../../server/db/tenantDb'
import { demoOperatorKey } from '../../server/demo/operatorKeys'
import { api, createTestApp, testPort, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { createLink, linkOf, track } from './support/tracking'
import { bookTrip, helsinkiIn, operatorEvent } from './support/trips'

const iso = (zoned: ReturnType<typeof helsinkiIn>) => zoned.toString({ timeZoneName: 'never' })
const zonedIso = (zoned: ReturnType<typeof helsinkiIn>) =>
  zoned.toString({ timeZoneName: 'never', smallestUnit: 'second' })

describe.each(backends)('tracking links on $name', (backend) => {
  let test: TestApp
  let guardian: string
  let single: string
  let passenger: Passenger

  const soon = () => bookTrip(test.app, 'espoo', { passengerId: passenger.id, start: helsinkiIn(10) })

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo', 'kulkukeskus'] })
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

  it('shows an office the trip with no login and no contact or personal data', async () => {
    const id = `trip-${randomUUID()}`
    const start = helsinkiIn(5)
    const booked = await operatorEvent(test.app, 'espoo', id, {
      type: 'booked',
      passengerId: passenger.id,
      start: iso(start),
      end: iso(start.add({ minutes: 30 })),
      startAddress: { alias: 'Koti', address: 'Koivukuja 3, 02130 Espoo', lat: 60.2, lng: 24.6 },
      endAddress: { alias: 'Koulu', address: 'Koulukatu 5, 02100 Espoo', lat: 60.21, lng: 24.66 },
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
    const trip = { id, date: start.toPlainDate().toString() }
    const { link } = await linkOf(test.app, 'espoo', guardian, passenger.id, trip)

    const response = await track(test.app, 'espoo', link)
    expect(response.statusCode).toBe(200)
    const body = response.json<TrackedTrip>()
    expect(trackedTrip.strict().parse(body)).toEqual(body)
    expect(body).toMatchObject({
      id,
      passengerName: passenger.name.split(' ')[0],
      carName: 'Taksi 7',
      carRegisterNumber: 'ABC-123',
      status: { code: tripStatusCodes.Dispatched },
    })
    for (const field of ['carPhoneNumber', 'driverName', 'note', 'deductible', 'reviews', 'passenger']) {
      expect(body).not.toHaveProperty(field)
    }
    const db = tenantDb(test.db, 'espoo')
    const stored = await db.passengers.find(passenger.id)
    const user = await db.users.findByUserName('guardian')
    const secrets = [car.phone, car.driverName, 'Ovikoodi', stored!.phone, user!.email, user!.phone]
    const surname = passenger.name.split(' ').slice(1).join(' ')
    for (const secret of [...secrets, surname].filter((value) => value)) {
      expect(response.body, String(secret)).not.toContain(secret)
    }
  })

  it('names the passenger by initials where the tenant prefers, and shows no other part of the name', async () => {
    const tenant = 'kulkukeskus'
    const name = 'Anna-Liisa Åse Virtanen-Kallio'
    const id = randomUUID()
    const db = tenantDb(test.db, tenant)
    await db.passengers.insertMany([{ id, name, phone: null, avatar_text: 'AV' }])
    await db.passengers.grant((await db.users.findByUserName('guardian'))!.id, [id])
    const token = await tokenFor(test.app, tenant, 'guardian', 'demo-guardian-2026')
    const trip = await bookTrip(test.app, tenant, { passengerId: id, start: helsinkiIn(10) })
    const { link } = await linkOf(test.app, tenant, token, id, trip)

    const response = await track(test.app, tenant, link)
    expect(response.statusCode).toBe(200)
    expect(response.json<TrackedTrip>().passengerName).toBe('A.-L. Å. V.-K.')
    for (const part of ['Anna', 'Liisa', 'Åse', 'Virtanen', 'Kallio']) {
      expect(response.body, part).not.toContain(part)
    }
  })

  it('answers tracking_not_started before the window and tracking_ended after it', async () => {
    const later = await bookTrip(test.app, 'espoo', { passengerId: passenger.id, start: helsinkiIn(180) })
    const early = await track(
      test.app,
      'espoo',
      (await linkOf(test.app, 'espoo', guardian, passenger.id, later)).link,
    )
    expect(early.statusCode).toBe(404)
    expect(early.json()).toMatchObject({ statusCode: 404, code: 'tracking_not_started' })

    const past = await bookTrip(test.app, 'espoo', { passengerId: passenger.id, start: helsinkiIn(-200) })
    const ended = await linkOf(test.app, 'espoo', guardian, passenger.id, past)
    const response = await track(test.app, 'espoo', ended.link)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ statusCode: 404, code: 'tracking_ended' })
    // An ended link is no current link: asking for one makes a new one.
    expect((await linkOf(test.app, 'espoo', guardian, passenger.id, past)).link).not.toBe(ended.link)
  })

  it('ends 30 minutes after the drop-off, however long the trip was planned to take', async () => {
    const start = helsinkiIn(-90)
    const trip = await bookTrip(test.app, 'espoo', { passengerId: passenger.id, start, durationMinutes: 180 })
    const { link } = await linkOf(test.app, 'espoo', guardian, passenger.id, trip)
    expect((await track(test.app, 'espoo', link)).statusCode).toBe(200)
    await operatorEvent(test.app, 'espoo', trip.id, {
      type: 'pickedUp',
      at: helsinkiIn(-85).toInstant().toString(),
    })
    const dropoff = helsinkiIn(-31)
    await operatorEvent(test.app, 'espoo', trip.id, {
      type: 'droppedOff',
      at: dropoff.toInstant().toString(),
    })
    expect((await track(test.app, 'espoo', link)).json()).toMatchObject({ code: 'tracking_ended' })
  })

  it('works until revoked, then answers not found; only its maker revokes it', async () => {
    const trip = await soon()
    const { link } = await linkOf(test.app, 'espoo', guardian, passenger.id, trip)
    const revoke = (token: string) =>
      api(test.app, 'espoo', token, { method: 'DELETE', url: `/api/trip/trackingLink/${link}` })
    expect((await revoke(single)).statusCode).toBe(404)
    expect((await track(test.app, 'espoo', link)).statusCode).toBe(200)
    const revoked = await revoke(guardian)
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json()).toBeNull()
    const after = await track(test.app, 'espoo', link)
    expect(after.statusCode).toBe(404)
    expect(after.json()).toMatchObject({ statusCode: 404, code: 'not_found' })
    expect((await revoke(guardian)).statusCode).toBe(404)
    expect((await linkOf(test.app, 'espoo', guardian, passenger.id, trip)).link).not.toBe(link)
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
    expect((await track(test.app, 'demo', link)).statusCode).toBe(404)
    const demoGuardian = await tokenFor(test.app, 'demo', 'guardian', 'demo-guardian-2026')
    expect((await createLink(test.app, 'demo', demoGuardian, passenger.id, trip)).statusCode).toBe(404)
  })

  it('answers not found for a link nobody made, and 400 for one that cannot be a link', async () => {
    const unknown = await track(test.app, 'espoo', 'A'.repeat(22))
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ code: 'not_found' })
    expect((await track(test.app, 'espoo', 'short')).statusCode).toBe(400)
  })

  it('gives the operator a new link each time, for a trip of its tenant on its date', async () => {
    const trip = await soon()
    const key = { 'x-api-key': demoOperatorKey('espoo') }
    const create = (date: string, headers: Record<string, string> = key) =>
      test.app.inject({
        method: 'POST',
        url: `/api/operator/trips/${trip.id}/trackingLinks`,
        headers: { host: `espoo.localhost:${testPort}`, ...headers },
        payload: { date },
      })
    const first = await create(trip.date)
    expect(first.statusCode).toBe(200)
    const second = (await create(trip.date)).json<TrackingLink>()
    expect(second.link).not.toBe(first.json<TrackingLink>().link)
    expect((await track(test.app, 'espoo', second.link)).json()).toMatchObject({ id: trip.id })
    expect((await create('2020-01-01')).statusCode).toBe(404)
    expect((await create(trip.date, {})).statusCode).toBe(401)
  })

  it('limits each address, with a 429 in the error shape', async () => {
    const limited = await test.secondInstance({ trackRateLimitPerMinute: 3 })
    const { link } = await linkOf(test.app, 'espoo', guardian, passenger.id, await soon())
    for (let i = 0; i < 3; i++) expect((await track(limited, 'espoo', link)).statusCode).toBe(200)
    const refused = await track(limited, 'espoo', link)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      statusCode: 429,
      code: 'too_many_requests',
      message: expect.any(String) as string,
    })
    const elsewhere = await limited.inject({
      url: `/api/track/${link}`,
      headers: { host: `espoo.localhost:${testPort}` },
      remoteAddress: '10.0.0.9',
    })
    expect(elsewhere.statusCode).toBe(200)
  })
})
