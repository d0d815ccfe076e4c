import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ClientErrorReport } from '../../src/contract/clientErrors'
import { loadConfig } from '../../server/config/config'
import { parseSentryDsn } from '../../server/errorReporting/sentrySink'
import { loggingSink } from '../../server/errorReporting/sink'
import { clientErrorRate } from '../../server/routes/clientErrors'
import { createTestApp, testPort, type TestApp } from './support/app'
import { backends } from './support/database'

interface Received {
  url: string
  headers: IncomingMessage['headers']
  body: string
}

/** A local HTTP server standing in for Sentry: records every request and answers 200. */
async function fakeSentry() {
  const received: Received[] = []
  const waiters: (() => void)[] = []
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body })
      response.end('{}')
      waiters.splice(0).forEach((wake) => wake())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    dsn: `http://abc123public@127.0.0.1:${port}/42`,
    received,
    /** Resolves once `count` requests have arrived. */
    arrived: (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (received.length >= count ? resolve() : waiters.push(check))
        check()
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const report: ClientErrorReport = {
  kind: 'error',
  message: 'TypeError: x is undefined',
  stack: 'at render (https://espoo.example.fi/assets/index-abc.js:1:2345)',
  page: '/trips/:param/:param',
  release: '0.1.0+abc123',
  api: null,
}

describe.each(backends)('client error reports on $name', (backend) => {
  let test: TestApp
  let sentry: Awaited<ReturnType<typeof fakeSentry>>
  beforeAll(async () => {
    sentry = await fakeSentry()
    test = await createTestApp(backend, { config: { errorReportingDsn: sentry.dsn } })
  })
  afterAll(async () => {
    await test.close()
    await sentry.close()
  })

  const send = (payload: unknown, options: { host?: string; remoteAddress?: string } = {}) =>
    test.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { host: options.host ?? `espoo.localhost:${testPort}` },
      remoteAddress: options.remoteAddress ?? '10.0.0.1',
      payload: payload as object,
    })

  it('accepts a report without sign-in and forwards it, scrubbed, to the Sentry envelope endpoint', async () => {
    const before = sentry.received.length
    const response = await send(
      {
        ...report,
        kind: 'api',
        message: 'GET https://espoo.example.fi/api/passenger?token=secret failed for ella@example.fi',
        page: '/espoo/trips/9f1c/2026-11-21?redirect=%2Fpassengers#x',
        api: { endpoint: 'listTrips', status: 503 },
        body: { password: 'hunter2' },
      },
      { remoteAddress: '10.0.0.2' },
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ accepted: true })
    await sentry.arrived(before + 1)
    const forwarded = sentry.received[before]!
    expect(forwarded.url).toBe('/api/42/envelope/')
    expect(forwarded.headers['x-sentry-auth']).toContain('sentry_key=abc123public')
    const [header, item, event] = forwarded.body.split('\n').map((line) => JSON.parse(line) as object)
    expect(header).toMatchObject({ dsn: sentry.dsn })
    expect(item).toEqual({ type: 'event' })
    expect(event).toMatchObject({
      release: '0.1.0+abc123',
      tags: { tenant: 'espoo', kind: 'api', endpoint: 'listTrips' },
      request: { url: '/espoo/trips/:param/:param' },
      exception: { values: [{ value: 'GET https://espoo.example.fi/api/passenger failed for [email]' }] },
      extra: { status: 503 },
    })
    expect(forwarded.body).not.toMatch(/secret|ella|hunter2|redirect/)
  })

  it('resolves the tenant like every call: an unknown one is a 404', async () => {
    const response = await send(report, { host: `nobody.localhost:${testPort}` })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'unknown_tenant' })
  })

  it.each([
    ['an unknown kind', { ...report, kind: 'warning' }],
    ['an overlong message', { ...report, message: 'x'.repeat(501) }],
    ['an overlong stack', { ...report, stack: 'x'.repeat(4001) }],
    ['a release with spaces', { ...report, release: 'my build' }],
    ['no release', { ...report, release: undefined }],
    ['a status out of range', { ...report, kind: 'api', api: { endpoint: 'listTrips', status: 600 } }],
  ])('refuses %s with a 400', async (_, payload) => {
    const response = await send(payload, { remoteAddress: '10.0.0.3' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' })
  })

  it('limits reports per client address with a 429, leaving other addresses alone', async () => {
    const answers = []
    for (let i = 0; i <= clientErrorRate.limit; i++) {
      answers.push((await send(report, { remoteAddress: '10.0.0.9' })).statusCode)
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(clientErrorRate.limit)
    const limited = await send(report, { remoteAddress: '10.0.0.9' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ statusCode: 429, code: 'too_many_requests' })
    expect((await send(report, { remoteAddress: '10.0.0.10' })).statusCode).toBe(200)
  })
})

describe('error reporting configuration and the logging sink', () => {
  it('derives the envelope endpoint from a DSN, keeping a path prefix', () => {
    expect(parseSentryDsn('https://key@o1.ingest.sentry.io/123')).toMatchObject({
      envelopeUrl: 'https://o1.ingest.sentry.io/api/123/envelope/',
      publicKey: 'key',
    })
    expect(parseSentryDsn('https://key@errors.example.fi/glitchtip/7').envelopeUrl).toBe(
      'https://errors.example.fi/glitchtip/api/7/envelope/',
    )
  })

  it('refuses a DSN that is not one at start', () => {
    expect(() => loadConfig({ ERROR_REPORTING_DSN: 'https://errors.example.fi/7' })).toThrow(/DSN/)
    expect(() => loadConfig({ ERROR_REPORTING_DSN: 'not a url' })).toThrow()
    expect(loadConfig({}).errorReportingDsn).toBeNull()
  })

  it('logs a report with its tenant and release as fields', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    await loggingSink(pino(stream)).send({ report, tenant: 'lapha', receivedAt: '2026-11-23T09:00:00Z' })
    const line = JSON.parse(lines[0]!) as { level: number; msg: string; clientError: object }
    expect(line.msg).toBe('client error: TypeError: x is undefined')
    expect(line.clientError).toMatchObject({ tenant: 'lapha', release: '0.1.0+abc123', page: report.page })
  })
})
