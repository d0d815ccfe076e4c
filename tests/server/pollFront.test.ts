import type { FastifyInstance } from 'fastify'
import { connect, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TripRef } from '../../src/contract/tripCommands'
import { startOpsServer } from '../../server/ops/opsServer'
import { createTestApp, testPort, type TestApp } from './support/app'
import { backends } from './support/database'
import { parsePrometheusText } from './support/prometheusText'
import { listen } from './support/tracking'
import { guardianWithTripSoon } from './support/trips'

/** Well below the 120 s a held socket waited: an answer that has not come by then is not coming. */
const answerWithinMs = 3_000

/**
 * The status line of the answer to a request written whole on a socket of its own, which then stays open and
 * silent as an attacker's would; rejects if none comes within `answerWithinMs`.
 */
function statusLineOf(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port })
    let received = ''
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`No answer within ${answerWithinMs} ms to ${request.split('\r\n')[0]}`))
    }, answerWithinMs)
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1')
      const end = received.indexOf('\r\n')
      if (end < 0) return
      clearTimeout(timer)
      socket.destroy()
      resolve(received.slice(0, end))
    })
    socket.on('error', () => undefined)
    socket.write(request)
  })
}

const smallPost = (path: string, host: string, body: string, headers: Record<string, string> = {}) =>
  [
    `POST ${path} HTTP/1.1`,
    `Host: ${host}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    body,
  ].join('\r\n')

describe.each(backends)('the poll front on a listening server on $name', (backend) => {
  let test: TestApp
  let ops: FastifyInstance
  let origin: string
  let port: number
  let guardian: string
  let statusBody: string
  let trip: TripRef
  let reachedFastify = 0

  const poll = (path = '/api/trip/status', headers: Record<string, string> = { 'x-tenant': 'espoo' }) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${guardian}`, 'content-type': 'application/json', ...headers },
      body: statusBody,
      signal: AbortSignal.timeout(answerWithinMs),
    })
  const scrape = async () => {
    const response = await fetch(`http://127.0.0.1:${(ops.server.address() as AddressInfo).port}/metrics`)
    const families = parsePrometheusText(await response.text())
    return (name: string) => families.get(name)?.samples[0]?.value
  }

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'], config: { opsPort: 0 } })
    test.app.addHook('onRequest', (request, _reply, done) => {
      if (request.url.startsWith('/api/trip/status')) reachedFastify++
      done()
    })
    ops = await startOpsServer(test.app, { host: '127.0.0.1', port: 0 })
    origin = await listen(test.app)
    port = (test.app.server.address() as AddressInfo).port
    const made = await guardianWithTripSoon(test.app, 'espoo')
    ;({ guardian, trip } = made)
    statusBody = JSON.stringify({ passengerId: made.passenger.id, tripId: trip.id, date: trip.date })
  })
  afterAll(async () => {
    await ops.close()
    await test.close()
  })

  it.each([
    ['/anything/api/trip/status', 'espoo.localhost', 404],
    ['/api/api/trip/status', 'espoo.localhost', 404],
    ['/%64emo/api/trip/status', `localhost:${testPort}`, 404],
    ['/api/trip/status/', 'espoo.localhost', 404],
    ['/lapha/api/trip/status', 'espoo.localhost', 400],
    ['/nowhere/api/trip/status', 'nowhere.localhost', 404],
  ])('answers a small POST to the look-alike %s on %s at once (%i)', async (path, host, status) => {
    const line = await statusLineOf(port, smallPost(path, host, '{"passengerId":"x"}'))
    expect(line).toBe(`HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : 'Bad Request'}`)
  })

  it("replays a poll that names its tenant in the path's prefix", async () => {
    const full = await poll('/espoo/api/trip/status', {})
    expect(full.status).toBe(200)
    const seen = reachedFastify
    const replayed = await poll('/espoo/api/trip/status', {})
    expect(replayed.status).toBe(200)
    expect(reachedFastify).toBe(seen)
    expect(await replayed.text()).toBe(await full.text())
  })

  it('counts replays, polls handed on and what it keeps, with the caches beside it, in /metrics', async () => {
    await poll()
    const before = await scrape()
    const replays = before('portal_poll_replays_total')!
    const handedOn = before('portal_poll_handed_on_total')!
    expect((await poll()).status).toBe(200)
    const after = await scrape()
    expect(after('portal_poll_replays_total')).toBe(replays + 1)
    expect(after('portal_poll_handed_on_total')).toBe(handedOn)
    expect(after('portal_poll_replay_store_entries')).toBeGreaterThanOrEqual(1)
    expect(after('portal_poll_replay_store_bytes')).toBeGreaterThan(statusBody.length)
    expect(after('portal_answer_cache_entries')).toBeGreaterThanOrEqual(1)
    expect(after('portal_answer_cache_bytes')).toBeGreaterThan(0)
    expect(after('portal_version_cache_entries')).toBeGreaterThanOrEqual(1)
    expect(after('portal_session_cache_entries')).toBeGreaterThanOrEqual(1)
    const stats = test.app.pollReplay.stats()
    expect(after('portal_poll_replay_store_entries')).toBe(stats.entries)

    const other = await poll('/api/trip/status', { 'x-tenant': 'espoo', 'accept-language': 'sv' })
    expect(other.status).toBe(200)
    expect((await scrape())('portal_poll_handed_on_total')).toBe(handedOn + 1)
  })
})

describe.each(backends)('the poll front while the app closes on $name', (backend) => {
  let test: TestApp

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'] })
  })
  afterAll(() => test.close())

  it('stops replaying as soon as closing starts, and hands every poll to Fastify, which refuses it', async () => {
    let closing: () => void = () => {}
    const closeStarted = new Promise<void>((resolve) => (closing = resolve))
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    // Holds the close at its start, while the port still takes requests.
    test.app.addHook('preClose', async () => {
      closing()
      await released
    })
    const origin = await listen(test.app)
    const { guardian, passenger, trip } = await guardianWithTripSoon(test.app, 'espoo')
    const poll = () =>
      fetch(`${origin}/api/trip/status`, {
        method: 'POST',
        headers: {
          'x-tenant': 'espoo',
          authorization: `Bearer ${guardian}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ passengerId: passenger.id, tripId: trip.id, date: trip.date }),
        signal: AbortSignal.timeout(answerWithinMs),
      })
    await poll()
    const replays = test.app.pollReplay.stats().replays
    expect((await poll()).status).toBe(200)
    expect(test.app.pollReplay.stats().replays).toBe(replays + 1)

    const closed = test.app.close()
    try {
      await closeStarted
      const refused = await poll()
      expect(refused.status).toBe(503)
      expect(test.app.pollReplay.stats().replays).toBe(replays + 1)
    } finally {
      release()
      await closed
    }
  })
})
