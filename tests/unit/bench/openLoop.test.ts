import { once } from 'node:events'
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import {
  closeClients,
  pollingClient,
  primeClients,
  runOpenLoop,
  type PollingClient,
} from '../../bench/openLoop'

let server: Server | undefined
let clients: PollingClient[] = []

afterEach(async () => {
  closeClients(clients)
  clients = []
  server?.closeAllConnections()
  server?.close()
  server = undefined
})

async function listen(handler: RequestListener): Promise<string> {
  server = createServer(handler)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function pollers(count: number, path = '/poll') {
  clients = Array.from({ length: count }, () => pollingClient({ method: 'GET', path, headers: {} }))
  return clients
}

describe('the open-loop load', () => {
  it("counts a slow server's queue from each send's due time, not from when the answer before it came", async () => {
    // Each answer takes 250 ms, and the one client is due every 100 ms: its sends queue on its one connection.
    const origin = await listen((_request, response) => {
      setTimeout(() => response.end('ok'), 250)
    })
    const result = await runOpenLoop(pollers(1), {
      origin,
      intervalMs: 100,
      warmupMs: 0,
      windowMs: 500,
      graceMs: 5_000,
    })
    expect(result.sent).toBe(5)
    expect(result.outcomes).toEqual({ '200': 5 })
    // Answers end at 250, 500, 750, 1000 and 1250 ms for sends due at 0 to 400 ms: the last waited 850 ms. A
    // closed-loop generator, timing from its own late send, would see 250 ms each.
    expect(result.maxMs).toBeGreaterThanOrEqual(800)
    expect(result.p50Ms).toBeGreaterThanOrEqual(500)
  })

  it('sends the ETag of the last 200 as If-None-Match, as the portal does', async () => {
    const seen: (string | undefined)[] = []
    const origin = await listen((request, response) => {
      seen.push(request.headers['if-none-match'])
      if (request.headers['if-none-match'] === '"v1"') response.writeHead(304).end()
      else response.writeHead(200, { etag: '"v1"' }).end('{}')
    })
    const result = await runOpenLoop(pollers(3), {
      origin,
      intervalMs: 300,
      warmupMs: 300,
      windowMs: 300,
      graceMs: 5_000,
    })
    expect(seen).toEqual([undefined, undefined, undefined, '"v1"', '"v1"', '"v1"'])
    expect(result.outcomes).toEqual({ '304': 3 })
    expect(result.errors).toBe(0)
  })

  it('primes each client without an ETag with one poll, tells its failures, and leaves primed clients alone', async () => {
    const seen: string[] = []
    const origin = await listen((request, response) => {
      seen.push(request.url!)
      if (request.url === '/broken') response.writeHead(500).end()
      else response.writeHead(200, { etag: '"v1"' }).end('{}')
    })
    const all = [...pollers(4), pollingClient({ method: 'GET', path: '/broken', headers: {} })]
    clients = all
    expect(await primeClients(all, origin, 2)).toEqual({ '500': 1 })
    expect(all.map((client) => client.etag)).toEqual([...Array(4).fill('"v1"'), null])
    expect(seen.sort()).toEqual(['/broken', '/poll', '/poll', '/poll', '/poll'])
    // Only the client still without an ETag polls again.
    expect(await primeClients(all, origin, 2)).toEqual({ '500': 1 })
    expect(seen).toHaveLength(6)
  })

  it('counts an answer that never comes as an error once the grace is over, and cuts its connection', async () => {
    const origin = await listen(() => undefined)
    const result = await runOpenLoop(pollers(2), {
      origin,
      intervalMs: 100,
      warmupMs: 0,
      windowMs: 100,
      graceMs: 200,
    })
    expect(result.outcomes).toEqual({ unanswered: 2 })
    expect(result.errors).toBe(2)
    expect(result.p99Ms).toBeGreaterThanOrEqual(200)
  })
})
