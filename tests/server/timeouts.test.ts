import type { AddressInfo } from 'node:net'
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config/config'
import { createTestApp, type TestApp } from './support/app'
import { backends } from './support/database'

const requestTimeoutMs = 1_000
const headersTimeoutMs = 500

/** What the server wrote before it closed the socket, and how long after opening that was. */
function untilClosed(socket: Socket, openedAt: number): Promise<{ answer: string; afterMs: number }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', () => undefined)
    socket.on('close', () =>
      resolve({ answer: Buffer.concat(chunks).toString(), afterMs: performance.now() - openedAt }),
    )
  })
}

/** Writes `text` one byte at a time, one every `everyMs`, while the socket stays open. */
function trickle(socket: Socket, text: string, everyMs: number): void {
  let sent = 0
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= text.length) return clearInterval(timer)
    socket.write(text[sent++] ?? '')
  }, everyMs)
  socket.on('close', () => clearInterval(timer))
}

describe.each(backends)('request timeouts on a real port on $name', (backend) => {
  let test: TestApp
  let port: number

  beforeAll(async () => {
    test = await createTestApp(backend, { config: { requestTimeoutMs, headersTimeoutMs } })
    await test.app.listen({ host: '127.0.0.1', port: 0 })
    port = (test.app.server.address() as AddressInfo).port
  })
  const sockets: Socket[] = []
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await test.close()
  })

  const open = () => {
    const socket = connect({ host: '127.0.0.1', port })
    sockets.push(socket)
    return { socket, closed: untilClosed(socket, performance.now()) }
  }

  it('cuts off a body trickled at 5 bytes a second after the request timeout with 408', async () => {
    const { socket, closed } = open()
    const body = JSON.stringify({ username: 'x'.repeat(200), password: 'y' })
    socket.write(
      `POST /api/account/edit HTTP/1.1\r\nHost: espoo.localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    )
    trickle(socket, body, 200)
    const { answer, afterMs } = await closed
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
    expect(afterMs).toBeGreaterThanOrEqual(requestTimeoutMs - 50)
    expect(afterMs).toBeLessThan(requestTimeoutMs * 4)
  })

  it('cuts off headers trickled slowly after the shorter headers timeout', async () => {
    const { socket, closed } = open()
    trickle(socket, 'GET /api/passenger HTTP/1.1\r\nHost: espoo.localhost\r\nX-Slow: abcdefghijklmnop', 100)
    const { answer, afterMs } = await closed
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
    expect(afterMs).toBeLessThan(requestTimeoutMs)
  })

  it('still answers a request that arrives in time', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/passenger`, {
      headers: { 'x-tenant': 'espoo' },
    })
    expect(response.status).toBe(401)
  })
})

describe('timeout configuration', () => {
  it('cuts a request off after 30 s and its headers after 10 s unless configured', () => {
    expect(loadConfig({})).toMatchObject({ requestTimeoutMs: 30_000, headersTimeoutMs: 10_000 })
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '4000' })).toMatchObject({ headersTimeoutMs: 4_000 })
  })

  it('refuses a headers timeout longer than the request timeout, or none at all', () => {
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '2000' })).toThrow(
      /HEADERS_TIMEOUT_MS/,
    )
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/)
  })
})
