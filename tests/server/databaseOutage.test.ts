import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Passenger } from '../../src/contract/passenger'
import { buildApp } from '../../server/app'
import { openDatabase } from '../../server/db/connect'
import type { Database } from '../../server/db/schema'
import { seedDemoData } from '../../server/demo/seed'
import { isDatabaseUnavailable } from '../../server/plugins/errors'
import { accessToken, api, logIn, testConfig, testPort } from './support/app'
import { backends, createTestDatabase, type TestDatabase } from './support/database'
import { startPgProxy, type PgProxy } from './support/pgProxy'

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string) => Object.assign(new Error('x'), { code })
  it.each([
    ['a refused connection', withCode('ECONNREFUSED'), true],
    ['a reset connection', withCode('ECONNRESET'), true],
    ['an unknown database host', withCode('ENOTFOUND'), true],
    ['connection_failure', withCode('08006'), true],
    ['admin_shutdown', withCode('57P01'), true],
    ['cannot_connect_now', withCode('57P03'), true],
    ['too_many_connections', withCode('53300'), true],
    ['a lost connection', new Error('Connection terminated unexpectedly'), true],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect'), true],
    ['a unique violation', withCode('23505'), false],
    ['a data exception', withCode('22P02'), false],
    ['a plain error', new Error('boom'), false],
    ['nothing', undefined, false],
  ])('%s: %s', (_name, error, unavailable) => {
    expect(isDatabaseUnavailable(error)).toBe(unavailable)
  })
})

const postgres = backends.filter((backend) => backend.databaseUrl !== null)

/**
 * The app on PostgreSQL through a proxy that the test cuts, as when PostgreSQL stops or the network to it
 * fails: PostgreSQL itself, which every test file shares, keeps running. (PGlite runs in this process.)
 */
describe.each(postgres)('a database that goes away on $name', (backend) => {
  let database: TestDatabase
  let proxy: PgProxy
  let db: Kysely<Database>
  let app: FastifyInstance
  let cookie: string
  let token: string
  const espooHost = `espoo.localhost:${testPort}`

  beforeAll(async () => {
    database = await createTestDatabase(backend)
    await seedDemoData(database.db, undefined, ['espoo'])
    proxy = await startPgProxy(backend.databaseUrl!)
    db = await openDatabase({
      databaseUrl: proxy.url,
      pgliteDir: null,
      schema: database.schema!,
      applicationName: `portal-${database.schema}-outage`,
      // Idle connections cut by the proxy: the pool drops them, as it would after a PostgreSQL restart.
      onIdleError: () => undefined,
    })
    app = await buildApp({ config: testConfig(), db })
    cookie = await logIn(app, 'espoo', 'guardian', 'demo-guardian-2026')
    token = await accessToken(app, 'espoo', cookie)
  })
  afterAll(async () => {
    await app?.close()
    await db?.destroy()
    await proxy?.close()
    await database?.drop()
  })

  let keys = 0
  /** Reads, a sign-in, a token and a command with an Idempotency-Key: each reaches the database at once. */
  const requests = () => [
    api(app, 'espoo', token, { url: '/api/passenger' }),
    api(app, 'espoo', token, { url: '/api/message' }),
    app.inject({ url: '/api/auth/access_token', headers: { host: espooHost, cookie } }),
    app.inject({
      method: 'POST',
      url: '/login',
      headers: { host: espooHost, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=single&password=demo-single-2026',
    }),
    api(app, 'espoo', token, {
      method: 'POST',
      url: '/api/passenger',
      payload: { token: 'LISAA-1001' },
      headers: { 'idempotency-key': `outage-${++keys}` },
    }),
  ]

  it('answers 503 service_unavailable with Retry-After while it is unreachable, then serves again', async () => {
    const before = await api(app, 'espoo', token, { url: '/api/passenger' })
    expect(before.statusCode).toBe(200)

    proxy.cut()
    for (const response of await Promise.all(requests())) {
      expect(response.statusCode, response.body).toBe(503)
      expect(response.headers['retry-after']).toBe('5')
      expect(response.json()).toEqual({
        statusCode: 503,
        code: 'service_unavailable',
        message: expect.any(String) as string,
      })
    }

    proxy.restore()
    await expect
      .poll(async () => (await api(app, 'espoo', token, { url: '/api/passenger' })).statusCode)
      .toBe(200)
    const passengers = await api(app, 'espoo', token, { url: '/api/passenger' })
    expect(passengers.json<Passenger[]>()).toEqual(before.json<Passenger[]>())
    const after = await Promise.all(requests())
    expect(after.map((response) => response.statusCode)).toEqual([200, 200, 200, 303, 200])
  })
})
