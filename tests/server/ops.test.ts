import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Passenger } from '../../src/contract/passenger'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config/config'
import { openDatabase } from '../../server/db/connect'
import { migrateToLatest } from '../../server/db/migrate'
import { startOpsServer } from '../../server/ops/opsServer'
import { api, createTestApp, testConfig, testPort, tokenFor, type TestApp } from './support/app'
import { backends, createEmptyDatabase } from './support/database'
import { createHeldEndpoint, heldPath } from './support/heldEndpoint'
import { startPgProxy, type PgProxy } from './support/pgProxy'
import { parsePrometheusText, type Family } from './support/prometheusText'

/** Hosts a load balancer or a browser may use on the tenants' port: no tenant, a tenant, loopback. */
const hosts = ['10.0.0.7:8080', `espoo.localhost:${testPort}`, `localhost:${testPort}`]

const opsOrigin = (server: FastifyInstance) =>
  `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`

const onPort = (app: FastifyInstance, url: string, host = `localhost:${testPort}`) =>
  app.inject({ url, headers: { host } })

describe('the operations listener configuration', () => {
  it('is off unless OPS_PORT is given, and then on loopback unless OPS_HOST says otherwise', () => {
    expect(loadConfig({})).toMatchObject({ opsPort: null })
    expect(loadConfig({ OPS_PORT: '9464' })).toMatchObject({ opsPort: 9464, opsHost: '127.0.0.1' })
    expect(loadConfig({ OPS_PORT: '9464', OPS_HOST: '0.0.0.0' })).toMatchObject({ opsHost: '0.0.0.0' })
    expect(() => loadConfig({ OPS_PORT: '8080' })).toThrow(/OPS_PORT must not be PORT/)
    expect(() => loadConfig({ OPS_PORT: 'metrics' })).toThrow(/OPS_PORT must be a positive integer/)
  })
})

describe.each(backends)('health, readiness and metrics on $name', (backend) => {
  let test: TestApp
  let ops: FastifyInstance
  const held = createHeldEndpoint()

  const scrape = async (): Promise<Map<string, Family>> => {
    const response = await fetch(`${opsOrigin(ops)}/metrics`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    return parsePrometheusText(await response.text())
  }
  const inFlight = async () => {
    const samples = (await scrape()).get('portal_idempotency_keys_in_flight')?.samples ?? []
    return Object.fromEntries(samples.map((sample) => [sample.labels.claim, sample.value]))
  }

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'], config: { opsPort: 0 } })
    held.register(test.app, test.db)
    ops = await startOpsServer(test.app, { host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await ops.close()
    await test.close()
  })

  it("answers /health and /ready on the tenants' port on any host, before tenant resolution, saying nothing more", async () => {
    // The premise: a host that names no tenant gets nothing else.
    expect((await onPort(test.app, '/api/passenger', '10.0.0.7:8080')).statusCode).toBe(404)
    for (const host of hosts) {
      const health = await onPort(test.app, '/health', host)
      expect(health.statusCode).toBe(200)
      expect(health.json()).toEqual({ status: 'ok' })
      expect(health.headers['cache-control']).toBe('no-store')
      await expect.poll(async () => (await onPort(test.app, '/ready', host)).statusCode).toBe(200)
      expect((await onPort(test.app, '/ready', host)).json()).toEqual({ status: 'ready' })
    }
  })

  it("keeps /metrics off the tenants' port, on every host and path prefix", async () => {
    for (const [host, url] of [
      ...hosts.map((host) => [host, '/metrics']),
      [`localhost:${testPort}`, '/espoo/metrics'],
    ] as const) {
      const response = await onPort(test.app, url, host)
      expect(response.statusCode).toBe(404)
      expect(response.body).not.toContain('# TYPE')
    }
  })

  it('serves /health, /ready with its checks and /metrics on the operations listener, and nothing else', async () => {
    const origin = opsOrigin(ops)
    expect(await (await fetch(`${origin}/health`)).json()).toEqual({ status: 'ok' })
    const ready = await fetch(`${origin}/ready`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true, notifications: true },
    })
    expect((await fetch(`${origin}/api/passenger`, { headers: { host: 'espoo.localhost' } })).status).toBe(
      404,
    )
    expect((await fetch(`${origin}/login`, { headers: { host: 'espoo.localhost' } })).status).toBe(404)
  })

  it('measures each request by its route pattern, method and status, never by its raw URL', async () => {
    const token = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const passenger = (await api(test.app, 'espoo', token, { url: '/api/passenger' })).json<Passenger[]>()[0]!
    const trips = await api(test.app, 'espoo', token, { url: `/api/passenger/${passenger.id}/trips` })
    expect(trips.statusCode).toBe(200)
    const stray = `/nothing-${randomUUID()}`
    expect((await onPort(test.app, stray)).statusCode).toBe(404)

    const text = await (await fetch(`${opsOrigin(ops)}/metrics`)).text()
    expect(text).not.toContain(passenger.id)
    expect(text).not.toContain(stray)
    const durations = parsePrometheusText(text).get('portal_http_request_duration_seconds')!
    expect(durations.type).toBe('histogram')
    const count = (route: string, statusCode: string) =>
      durations.samples.find(
        (sample) =>
          sample.name === 'portal_http_request_duration_seconds_count' &&
          sample.labels.method === 'GET' &&
          sample.labels.route === route &&
          sample.labels.status_code === statusCode,
      )?.value
    expect(count('/api/passenger/:id/trips', '200')).toBe(1)
    const buckets = durations.samples
      .filter(
        (sample) => sample.name.endsWith('_bucket') && sample.labels.route === '/api/passenger/:id/trips',
      )
      .map((sample) => sample.value)
    expect(buckets).toHaveLength(15)
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b))
    expect(buckets.at(-1)).toBe(1)
    expect(count('/api/passenger', '200')).toBeGreaterThanOrEqual(1)
    expect(count('(unmatched)', '404')).toBeGreaterThanOrEqual(1)
  })

  it('has every family it promises, in text Prometheus parses', async () => {
    const families = await scrape()
    const promised: Record<string, string> = {
      process_cpu_seconds_total: 'counter',
      process_resident_memory_bytes: 'gauge',
      nodejs_eventloop_lag_seconds: 'gauge',
      nodejs_heap_size_used_bytes: 'gauge',
      portal_http_request_duration_seconds: 'histogram',
      portal_db_notifications_connected: 'gauge',
      portal_idempotency_keys_in_flight: 'gauge',
    }
    const pool = {
      portal_db_pool_connections: 'gauge',
      portal_db_pool_idle_connections: 'gauge',
      portal_db_pool_waiting_queries: 'gauge',
      portal_db_pool_max_connections: 'gauge',
    }
    if (backend.name === 'postgres') Object.assign(promised, pool)
    for (const [name, type] of Object.entries(promised)) {
      expect(families.get(name)?.type, name).toBe(type)
      expect(families.get(name)?.help, name).not.toBe('')
    }
    expect(families.get('portal_db_notifications_connected')!.samples[0]!.value).toBe(1)
    if (backend.name === 'postgres') {
      expect(families.get('portal_db_pool_max_connections')!.samples[0]!.value).toBe(10)
      expect(families.get('portal_db_pool_connections')!.samples[0]!.value).toBeGreaterThan(0)
    } else {
      // PGlite is one session in this process: it has no pool to measure.
      for (const name of Object.keys(pool)) expect(families.has(name), name).toBe(false)
    }
  })

  it('counts idempotency keys claimed and not answered: running now, and left by a run that died', async () => {
    expect(await inFlight()).toEqual({ live: 0, stale: 0 })
    const token = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const { entered, release } = held.hold()
    const answer = api(test.app, 'espoo', token, {
      method: 'POST',
      url: heldPath,
      payload: { text: 'held' },
      headers: { 'idempotency-key': randomUUID() },
    })
    await entered
    expect(await inFlight()).toEqual({ live: 1, stale: 0 })
    release()
    expect((await answer).statusCode).toBe(200)
    expect(await inFlight()).toEqual({ live: 0, stale: 0 })

    // A claim whose instance crashed three minutes ago, as it stays until the client's retry takes it over.
    const claimedAt = Temporal.Now.instant().subtract({ minutes: 3 })
    await test.db
      .insertInto('idempotency_keys')
      .values({
        tenant_id: 'espoo',
        principal: 'user:crashed',
        key: randomUUID(),
        request_hash: 'hash',
        state: 'in_flight',
        lease: randomUUID(),
        claimed_at: claimedAt,
        created_at: claimedAt,
      })
      .execute()
    expect(await inFlight()).toEqual({ live: 0, stale: 1 })
  })
})

describe.each(backends)('readiness on $name', (backend) => {
  const ready = async (app: FastifyInstance) => (await onPort(app, '/ready')).statusCode
  const checks = async (app: FastifyInstance) => (await app.ops.readiness.check()).checks

  it('is not ready until every migration is applied', async () => {
    const database = await createEmptyDatabase(backend)
    const app = await buildApp({ config: testConfig(), db: database.db })
    try {
      const answer = await onPort(app, '/ready')
      expect(answer.statusCode).toBe(503)
      expect(answer.json()).toEqual({ status: 'not_ready' })
      expect(await checks(app)).toMatchObject({ database: true, migrations: false })
      await migrateToLatest(database.db, database.schema ?? undefined)
      await expect.poll(() => ready(app)).toBe(200)
    } finally {
      await app.close()
      await database.drop()
    }
  })

  // PGlite runs in this process, so its database goes away only when it is closed, and its listener with it.
  if (backend.name === 'pglite') {
    it('is not ready once the database is closed', async () => {
      const db = await openDatabase({ databaseUrl: null, pgliteDir: null })
      await migrateToLatest(db)
      const app = await buildApp({ config: testConfig(), db })
      try {
        await expect.poll(() => ready(app)).toBe(200)
        await db.destroy()
        expect(await ready(app)).toBe(503)
        expect((await checks(app)).database).toBe(false)
        expect((await onPort(app, '/health')).statusCode).toBe(200)
      } finally {
        // Closing the app stops its listener on the closed PGlite, which fails: the database is gone.
        await app.close().catch(() => undefined)
      }
    })
  }

  if (backend.name === 'postgres') {
    describe('behind a proxy that takes PostgreSQL away', () => {
      let proxy: PgProxy
      let app: FastifyInstance
      let drop: () => Promise<void>

      beforeAll(async () => {
        proxy = await startPgProxy(backend.databaseUrl!)
        const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 20)}`
        const admin = await openDatabase({ databaseUrl: backend.databaseUrl, pgliteDir: null })
        await sql`create schema ${sql.id(schema)}`.execute(admin)
        // The pool's idle connections are cut with the proxy: replaced when next needed, which is the point.
        const db = await openDatabase({
          databaseUrl: proxy.url,
          pgliteDir: null,
          schema,
          applicationName: `portal-${schema}`,
          onIdleError: () => undefined,
        })
        await migrateToLatest(db, schema)
        app = await buildApp({ config: testConfig(), db })
        drop = async () => {
          await app.close()
          await db.destroy()
          await sql`drop schema ${sql.id(schema)} cascade`.execute(admin)
          await admin.destroy()
        }
      })
      afterAll(async () => {
        await drop()
        await proxy.close()
      })

      it('is not ready while the database is cut off, and ready again once it is back', async () => {
        await expect.poll(() => ready(app)).toBe(200)
        proxy.cut()
        expect(await ready(app)).toBe(503)
        await expect
          .poll(() => checks(app))
          .toEqual({ database: false, migrations: true, notifications: false })
        proxy.restore()
        await expect.poll(() => ready(app), { timeout: 15_000 }).toBe(200)
      })

      it('is not ready while its notification listener is down, though the database answers', async () => {
        await expect.poll(() => ready(app), { timeout: 15_000 }).toBe(200)
        proxy.cutListeners()
        await expect
          .poll(() => checks(app))
          .toEqual({ database: true, migrations: true, notifications: false })
        expect(await ready(app)).toBe(503)
        proxy.restore()
        await expect.poll(() => ready(app), { timeout: 15_000 }).toBe(200)
      })

      it('answers not ready, in time for a probe, while the database stops answering without a word', async () => {
        await expect.poll(() => ready(app), { timeout: 15_000 }).toBe(200)
        proxy.stall()
        expect(await ready(app)).toBe(503)
        expect((await checks(app)).database).toBe(false)
        proxy.cut()
        proxy.restore()
        await expect.poll(() => ready(app), { timeout: 15_000 }).toBe(200)
      })
    })
  }
})
