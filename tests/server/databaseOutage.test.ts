import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Passenger } from '../../src/contract/passenger'
import { buildApp } from '../../server/app'
import { sessionLimits } from '../../server/db/sessionLimits'
import { seedDemoData } from '../../server/demo/seed'
import { isDatabaseUnavailable } from '../../server/plugins/errors'
import { accessToken, api, logIn, testConfig, testPort, tokenFor } from './support/app'
import { backends, createTestDatabase, type TestDatabase } from './support/database'
import { messagesOf } from './support/messages'
import { describeOnPostgres } from './support/onPostgres'
import type { PgProxy } from './support/pgProxy'
import { startProxiedApp, type ProxiedApp } from './support/proxiedApp'

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
    ['a query unanswered past its deadline', new Error('Query read timeout'), true],
    ['a statement past statement_timeout', withCode('57014'), true],
    ['a lock wait past lock_timeout', withCode('55P03'), true],
    ['a session ended idle in its transaction', withCode('25P03'), true],
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
  let instance: ProxiedApp
  let proxy: PgProxy
  let app: FastifyInstance
  let cookie: string
  let token: string
  const espooHost = `espoo.localhost:${testPort}`

  beforeAll(async () => {
    database = await createTestDatabase(backend)
    await seedDemoData(database.db, undefined, ['espoo'])
    instance = await startProxiedApp(backend.databaseUrl!, database.schema!, 'outage')
    ;({ proxy, app } = instance)
    cookie = await logIn(app, 'espoo', 'guardian', 'demo-guardian-2026')
    token = await accessToken(app, 'espoo', cookie)
  })
  afterAll(async () => {
    await instance?.close()
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

/** The answer of a request and how long it took, or null when it has not answered within `limitMs`. */
async function answerWithin(
  request: Promise<LightMyRequestResponse>,
  limitMs: number,
): Promise<{ response: LightMyRequestResponse; ms: number } | null> {
  const start = performance.now()
  const timer = new AbortController()
  const answered = request.then((response) => ({ response, ms: performance.now() - start }))
  const late = sleep(limitMs, null, { signal: timer.signal }).catch(() => null)
  try {
    return await Promise.race([answered, late])
  } finally {
    timer.abort()
  }
}

/** Room for a loaded machine on top of a configured limit. */
const slackMs = 2_000

/**
 * A connection to PostgreSQL that goes silent: instance A reaches the database through a proxy that keeps every
 * connection open and drops its bytes, from the COMMIT of one of A's message writes (so that PostgreSQL keeps
 * A's session idle in its transaction, holding the passenger's row lock), until it forwards again. Instance B
 * reaches PostgreSQL directly and writes messages of the same passenger meanwhile.
 */
describeOnPostgres('a database connection that goes silent', (backend) => {
  let database: TestDatabase
  let proxy: PgProxy
  let silent: ProxiedApp
  let a: FastifyInstance
  let b: FastifyInstance
  let token: string
  let passengerId: string
  let applicationName: string

  beforeAll(async () => {
    database = await createTestDatabase(backend)
    await seedDemoData(database.db, undefined, ['espoo'])
    silent = await startProxiedApp(backend.databaseUrl!, database.schema!, 'silent')
    ;({ proxy, app: a, applicationName } = silent)
    b = await buildApp({ config: testConfig(), db: await database.connectAgain() })
    token = await tokenFor(a, 'espoo', 'guardian', 'demo-guardian-2026')
    passengerId = (await api(a, 'espoo', token, { url: '/api/passenger' })).json<Passenger[]>()[0]!.id
  })
  afterAll(async () => {
    await silent?.close()
    await b?.close()
    await database?.drop()
  })

  const send = (app: FastifyInstance, content: string, key: string = randomUUID()) =>
    messagesOf(app, 'espoo', token).send({ passengerId, content }, key)
  /** A's sessions that PostgreSQL holds idle inside a transaction. */
  const idleInTransaction = async () => {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from pg_stat_activity
      where application_name = ${applicationName} and state = 'idle in transaction'`.execute(database.db)
    return rows[0]!.count
  }
  const messagesSaying = async (content: string) => {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from messages where content = ${content}`.execute(database.db)
    return rows[0]!.count
  }

  it('answers 503 within the deadline, lets the other instance write within the lock timeout, and serves again by itself', async () => {
    const { queryDeadlineMs, lockTimeoutMs, idleInTransactionTimeoutMs } = sessionLimits
    expect((await send(a, 'before the silence')).statusCode).toBe(200)

    const silent = proxy.dropAt('commit')
    const wedgedKey = randomUUID()
    const wedged = answerWithin(send(a, 'sent into the silence', wedgedKey), queryDeadlineMs + slackMs)
    await silent
    expect(await idleInTransaction()).toBe(1)
    const silentFrom = performance.now()

    // Every request of A's, reads and writes, more than its pool holds: 503 with Retry-After, none hangs.
    const onA = Promise.all([
      wedged,
      ...Array.from({ length: 12 }, (_, index) =>
        answerWithin(
          index % 3 === 0
            ? send(a, `silent ${index}`)
            : api(a, 'espoo', token, { url: index % 3 === 1 ? '/api/passenger' : '/api/message' }),
          queryDeadlineMs + slackMs,
        ),
      ),
    ])
    // B's writes wait on A's lock no longer than the lock timeout, and get through once PostgreSQL ends A's
    // silent session.
    const onB = (async () => {
      const statuses: (number | null)[] = []
      while (statuses.at(-1) === undefined || statuses.at(-1) === 503) {
        const answered = await answerWithin(send(b, 'beside the silence'), lockTimeoutMs + slackMs)
        statuses.push(answered?.response.statusCode ?? null)
      }
      return { statuses, writtenAfterMs: performance.now() - silentFrom }
    })()
    const [answersOfA, writesOfB] = await Promise.all([onA, onB])
    expect
      .soft(
        answersOfA.map((answered) =>
          answered
            ? { status: answered.response.statusCode, retryAfter: answered.response.headers['retry-after'] }
            : 'no answer within the deadline',
        ),
      )
      .toEqual(answersOfA.map(() => ({ status: 503, retryAfter: '5' })))
    expect
      .soft(writesOfB.statuses.at(-1), 'the last of B’s writes (null: waited past the lock timeout)')
      .toBe(200)
    expect.soft(writesOfB.writtenAfterMs).toBeLessThan(idleInTransactionTimeoutMs + lockTimeoutMs + slackMs)
    await expect.poll(idleInTransaction, { timeout: 2_000 }).toBe(0)

    proxy.restore()
    const healed = performance.now()
    const withinHealing = () => ({
      timeout: Math.max(0, 30_000 - (performance.now() - healed)),
      interval: 100,
    })
    await expect.poll(async () => (await a.inject({ url: '/ready' })).statusCode, withinHealing()).toBe(200)
    await expect.poll(async () => (await send(a, 'after the silence')).statusCode, withinHealing()).toBe(200)
    expect(performance.now() - healed).toBeLessThan(30_000)
    // The write that went silent runs again when retried (its key was released), and is written once.
    expect((await send(a, 'sent into the silence', wedgedKey)).statusCode).toBe(200)
    expect(await messagesSaying('sent into the silence')).toBe(1)
  }, 60_000)
})
