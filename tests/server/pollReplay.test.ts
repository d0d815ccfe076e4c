import { Temporal } from 'temporal-polyfill'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Passenger } from '../../src/contract/passenger'
import type { TripRef } from '../../src/contract/tripCommands'
import { accessToken, createTestApp, logIn, testPort, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { linkOf } from './support/tracking'
import { guardianWithTripSoon, helsinkiIn, operatorEvent } from './support/trips'

/**
 * The poll front (server/reads/pollReplay.ts) over a listening server: a repeated poll is answered before
 * Fastify with Fastify's own bytes and headers, and only while everything the answer depends on still holds.
 * `reachedFastify` counts the polls Fastify saw, which is how each test tells a replay from a full answer.
 */
describe.each(backends)('the poll front on $name', (backend) => {
  let test: TestApp
  let origin: string
  let guardian: string
  let passenger: Passenger
  let trip: TripRef
  let reachedFastify = 0

  const statusBody = (ref: TripRef = trip) =>
    JSON.stringify({ passengerId: passenger.id, tripId: ref.id, date: ref.date })
  const poll = (headers: Record<string, string> = {}, body = statusBody(), token = guardian) =>
    fetch(`${origin}/api/trip/status`, {
      method: 'POST',
      headers: {
        'x-tenant': 'espoo',
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...headers,
      },
      body,
    })
  const trackPoll = (link: string, headers: Record<string, string> = {}) =>
    fetch(`${origin}/api/track/${link}`, { headers: { 'x-tenant': 'espoo', ...headers } })
  /** Every header but those of the connection and the clock. */
  const headersOf = (response: Response) =>
    Object.fromEntries(
      [...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)),
    )
  const moveCar = (latitude: number, ref: TripRef = trip) =>
    operatorEvent(test.app, 'espoo', ref.id, { type: 'position', location: { latitude, longitude: 24.66 } })

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'], config: { trackRateLimitPerMinute: 6 } })
    test.app.addHook('onRequest', (request, _reply, done) => {
      if (request.url.startsWith('/api/trip/status') || request.url.startsWith('/api/track/'))
        reachedFastify++
      done()
    })
    await test.app.listen({ host: '127.0.0.1', port: 0 })
    const address = test.app.server.address()
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    ;({ guardian, passenger, trip } = await guardianWithTripSoon(test.app, 'espoo'))
  })
  afterEach(() => vi.useRealTimers())
  afterAll(() => test.close())

  it("replays Fastify's very answer, 200 and 304, until an event changes the trip", async () => {
    await moveCar(60.2)
    const full = await poll()
    const seen = reachedFastify
    const replayed = await poll()
    expect(reachedFastify).toBe(seen)
    expect(replayed.status).toBe(200)
    expect(await replayed.text()).toBe(await full.text())
    expect(headersOf(replayed)).toEqual(headersOf(full))
    const etag = full.headers.get('etag')!

    const notModified = await poll({ 'if-none-match': etag })
    expect(notModified.status).toBe(304)
    expect(reachedFastify).toBe(seen)
    // Fastify's own 304 to a request it has not seen yet (another language), for comparison.
    const fastify304 = await poll({ 'if-none-match': etag, 'accept-language': 'fi' })
    expect(fastify304.status).toBe(304)
    expect(reachedFastify).toBe(seen + 1)
    expect(headersOf(notModified)).toEqual(headersOf(fastify304))

    expect((await moveCar(60.21)).statusCode).toBe(200)
    const moved = await poll({ 'if-none-match': etag })
    expect(moved.status).toBe(200)
    expect(reachedFastify).toBe(seen + 2)
    expect(await moved.json()).toMatchObject({ status: { carLocation: { latitude: 60.21 } } })
  })

  it("sees another instance's event once the database announces it", async () => {
    const etag = (await poll()).headers.get('etag')!
    expect((await poll({ 'if-none-match': etag })).status).toBe(304)
    const other = await test.secondInstance()
    await operatorEvent(other, 'espoo', trip.id, {
      type: 'position',
      location: { latitude: 60.23, longitude: 24.66 },
    })
    await expect
      .poll(async () => (await poll({ 'if-none-match': etag })).status, { timeout: 2_000, interval: 5 })
      .toBe(200)
  })

  it('never replays to another caller, trip or tenant', async () => {
    await poll()
    await poll()
    const seen = reachedFastify
    const single = await tokenFor(test.app, 'espoo', 'single', 'demo-single-2026')
    expect((await poll({}, statusBody(), single)).status).toBe(404)
    const otherDay = {
      ...trip,
      date: helsinkiIn(60 * 24)
        .toPlainDate()
        .toString(),
    }
    expect((await poll({}, statusBody(otherDay))).status).toBe(404)
    expect((await poll({ 'x-tenant': 'lapha' })).status).toBe(401)
    expect(reachedFastify).toBe(seen + 3)
  })

  it('stops replaying to a token whose session has ended', async () => {
    const cookie = await logIn(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const token = await accessToken(test.app, 'espoo', cookie)
    await poll({}, statusBody(), token)
    expect((await poll({}, statusBody(), token)).status).toBe(200)
    const logout = await test.app.inject({
      url: '/logout',
      headers: { host: `espoo.localhost:${testPort}`, cookie, 'sec-fetch-site': 'same-origin' },
    })
    expect(logout.statusCode).toBe(303)
    const after = await poll({}, statusBody(), token)
    expect(after.status).toBe(401)
    expect(await after.json()).toMatchObject({ code: 'unauthorized' })
  })

  it('hands a body it read on to Fastify whole, and leaves odd ones to it', async () => {
    const broken = await poll({}, '{"passengerId": ')
    expect(broken.status).toBe(400)
    const large = await poll(
      {},
      JSON.stringify({ passengerId: 'x'.repeat(5000), tripId: trip.id, date: trip.date }),
    )
    expect(large.status).toBe(400)
    expect(await large.json()).toMatchObject({ code: 'validation_failed' })
  })

  // The rate limit (6 a minute here) counts every poll of the address, so the window's test comes first.
  it("keeps a tracking link's window on replays", async () => {
    const { link, validUntil } = await linkOf(test.app, 'espoo', guardian, passenger.id, trip)
    // A second before the link ends, and then two after: well within the version cache's own 30 s.
    const until = Temporal.Instant.from(validUntil)
    vi.useFakeTimers({ toFake: ['Date'], now: until.subtract({ seconds: 1 }).epochMilliseconds })
    await trackPoll(link)
    const seen = reachedFastify
    expect((await trackPoll(link)).status).toBe(200)
    expect(reachedFastify).toBe(seen)
    vi.setSystemTime(until.add({ seconds: 1 }).epochMilliseconds)
    const ended = await trackPoll(link)
    expect(ended.status).toBe(404)
    expect(await ended.json()).toMatchObject({ code: 'tracking_ended' })
    expect(reachedFastify).toBe(seen + 1)
  })

  it("keeps a tracking link's rate limit on replays", async () => {
    const { link } = await linkOf(test.app, 'espoo', guardian, passenger.id, trip)
    const seen = reachedFastify
    const statuses = []
    for (let i = 0; i < 5; i++) statuses.push((await trackPoll(link)).status)
    // Three of the six this minute went to the window's test.
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    expect(reachedFastify).toBeLessThan(seen + 5)
  })
})
