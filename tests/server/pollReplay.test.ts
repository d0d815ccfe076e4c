import { randomUUID } from 'node:crypto'
import { Temporal } from 'temporal-polyfill'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Passenger } from '../../src/contract/passenger'
import type { TripRef } from '../../src/contract/tripCommands'
import { tenantDb } from '../../server/db/tenantDb'
import { accessToken, createTestApp, logIn, testPort, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { linkOf } from './support/tracking'
import { bookTrip, guardianWithTripSoon, helsinkiIn, operatorEvent, withdrawGrant } from './support/trips'

/**
 * The poll front (server/plugins/pollReplay.ts) over a listening server: a repeated poll is answered before
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
    // One trusted proxy: a test names the client's address in X-Forwarded-For.
    test = await createTestApp(backend, {
      seed: ['espoo'],
      config: { trackRateLimitPerMinute: 6, trustProxy: { hops: 1 } },
    })
    test.app.addHook('onRequest', (request, _reply, done) => {
      if (request.url.startsWith('/api/trip/status') || request.url.startsWith('/api/track/'))
        reachedFastify++
      done()
    })
    // A cookie on the answer to a request that asks for one, as a session's renewal would set it.
    test.app.addHook('onSend', (request, reply, payload, done) => {
      if (request.headers['x-test-cookie']) reply.header('set-cookie', 'renewed=1; HttpOnly')
      done(null, payload)
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
    // Two days on: a trip that starts near midnight is also on the next day (spec section 3), whenever this runs.
    const otherDay = { ...trip, date: Temporal.PlainDate.from(trip.date).add({ days: 2 }).toString() }
    expect((await poll({}, statusBody(otherDay))).status).toBe(404)
    expect((await poll({ 'x-tenant': 'lapha' })).status).toBe(401)
    expect(reachedFastify).toBe(seen + 3)
  })

  it('stops replaying to a token whose session has ended', async () => {
    const cookie = await logIn(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const token = await accessToken(test.app, 'espoo', cookie)
    await poll({}, statusBody(), token)
    const seen = reachedFastify
    expect((await poll({}, statusBody(), token)).status).toBe(200)
    expect(reachedFastify).toBe(seen)
    const logout = await test.app.inject({
      url: '/logout',
      headers: { host: `espoo.localhost:${testPort}`, cookie, 'sec-fetch-site': 'same-origin' },
    })
    expect(logout.statusCode).toBe(303)
    const after = await poll({}, statusBody(), token)
    expect(after.status).toBe(401)
    expect(await after.json()).toMatchObject({ code: 'unauthorized' })
    expect(reachedFastify).toBe(seen + 1)
  })

  it('stops replaying to a guardian whose grant is taken away, and Fastify refuses them', async () => {
    const db = tenantDb(test.db, 'espoo')
    const id = randomUUID()
    await db.passengers.insertMany([{ id, name: 'Veera Vaihtuva', phone: null, avatar_text: 'VV' }])
    const userId = (await db.users.findByUserName('guardian'))!.id
    await db.passengers.grant(userId, [id])
    await test.app.versionWatch.settled()
    const own = await bookTrip(test.app, 'espoo', { passengerId: id, start: helsinkiIn(5) })
    const ownBody = JSON.stringify({ passengerId: id, tripId: own.id, date: own.date })
    expect((await poll({}, ownBody)).status).toBe(200)
    const seen = reachedFastify
    expect((await poll({}, ownBody)).status).toBe(200)
    expect(reachedFastify).toBe(seen)

    await withdrawGrant(test, 'espoo', userId, id)
    const refused = await poll({}, ownBody)
    expect(refused.status).toBe(404)
    expect(await refused.json()).toMatchObject({ code: 'not_found' })
    expect(reachedFastify).toBe(seen + 1)
  })

  it("never gives another caller the first caller's replay, whatever address either polls from", async () => {
    const db = tenantDb(test.db, 'espoo')
    const singleId = (await db.users.findByUserName('single'))!.id
    await db.passengers.grant(singleId, [passenger.id])
    await test.app.versionWatch.settled()
    const single = await tokenFor(test.app, 'espoo', 'single', 'demo-single-2026')
    const other = { 'x-forwarded-for': '198.51.100.7' }
    await poll()
    const replayed = await poll(other)
    expect(replayed.status).toBe(200)
    const seen = reachedFastify
    // The same answer for another user with the same passenger: still theirs to get from Fastify.
    const answered = await poll(other, statusBody(), single)
    expect(answered.status).toBe(200)
    expect(await answered.text()).toBe(await replayed.text())
    expect(reachedFastify).toBe(seen + 1)
    expect((await poll({}, statusBody(), single)).status).toBe(200)
    expect(reachedFastify).toBe(seen + 1)
    // Replays to each caller: neither answer was kept for the other.
    expect((await poll({ 'x-forwarded-for': '198.51.100.8' })).status).toBe(200)
    expect(reachedFastify).toBe(seen + 1)
    await withdrawGrant(test, 'espoo', singleId, passenger.id)
    expect((await poll(other, statusBody(), single)).status).toBe(404)
  })

  it('replays one answer whatever X-Forwarded-For or query string a poll carries, keeping it once', async () => {
    await poll()
    expect((await poll()).status).toBe(200)
    const kept = test.app.pollReplay.stats()
    const seen = reachedFastify
    for (let i = 1; i <= 20; i++) {
      const answer = await fetch(`${origin}/api/trip/status?nonce=${i}`, {
        method: 'POST',
        headers: {
          'x-tenant': 'espoo',
          authorization: `Bearer ${guardian}`,
          'content-type': 'application/json',
          'x-forwarded-for': `192.0.2.${i}`,
        },
        body: statusBody(),
      })
      expect(answer.status).toBe(200)
    }
    expect(reachedFastify).toBe(seen)
    const after = test.app.pollReplay.stats()
    expect(after.replays).toBe(kept.replays + 20)
    expect({ entries: after.entries, bytes: after.bytes }).toEqual({
      entries: kept.entries,
      bytes: kept.bytes,
    })
  })

  it('keeps no Set-Cookie in what it replays', async () => {
    await moveCar(60.3)
    const full = await poll({ 'x-test-cookie': '1' })
    expect(full.headers.get('set-cookie')).toBe('renewed=1; HttpOnly')
    const seen = reachedFastify
    const replayed = await poll({ 'x-test-cookie': '1' })
    expect(reachedFastify).toBe(seen)
    expect(replayed.status).toBe(200)
    expect(replayed.headers.get('set-cookie')).toBeNull()
    expect(await replayed.text()).toBe(await full.text())
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

  it("counts a replayed link poll against the replayed request's address, not the first one's", async () => {
    const { link } = await linkOf(test.app, 'espoo', guardian, passenger.id, trip)
    const from = (address: string) => trackPoll(link, { 'x-forwarded-for': address })
    const a = '203.0.113.10'
    expect((await from(a)).status).toBe(200)
    const seen = reachedFastify
    const statuses = []
    for (let i = 0; i < 5; i++) statuses.push((await from(a)).status)
    // Six a minute: the first poll and five replays.
    expect(statuses).toEqual([200, 200, 200, 200, 200])
    expect(reachedFastify).toBe(seen)
    // Another address gets the replay on its own count.
    expect((await from('203.0.113.11')).status).toBe(200)
    expect(reachedFastify).toBe(seen)
    // A's seventh is handed on, and Fastify refuses it.
    const limited = await from(a)
    expect(limited.status).toBe(429)
    expect(await limited.json()).toMatchObject({ code: 'too_many_requests' })
    expect(reachedFastify).toBe(seen + 1)
  })
})
