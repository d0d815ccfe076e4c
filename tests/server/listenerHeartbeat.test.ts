import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { openDatabase } from '../../server/db/connect'
import { migrateToLatest } from '../../server/db/migrate'
import type { ListenerTiming } from '../../server/db/notifications'
import type { Database } from '../../server/db/schema'
import { seedDemoData } from '../../server/demo/seed'
import { accessToken, api, logIn, testConfig } from './support/app'
import { describeOnPostgres } from './support/onPostgres'
import { startPgProxy, type PgProxy } from './support/pgProxy'

/** Short enough for a test; the bound on noticing a dead listener is interval + timeout. */
const timing: ListenerTiming = {
  keepAliveInitialDelayMs: 1_000,
  heartbeatIntervalMs: 200,
  heartbeatTimeoutMs: 1_000,
}
const noticed = timing.heartbeatIntervalMs + timing.heartbeatTimeoutMs

/**
 * A notification listener whose network stops answering without closing anything (the proxy's `stall`: no
 * reset, no end, as when packets are dropped) is noticed by its heartbeat in bounded time: the caches go offline
 * and ask the database, readiness says so, and once the network is back it listens again by itself.
 */
describeOnPostgres('a silently dead notification listener', (backend) => {
  let proxy: PgProxy
  let app: FastifyInstance
  let db: Kysely<Database>
  let admin: Kysely<Database>
  let schema: string

  beforeAll(async () => {
    proxy = await startPgProxy(backend.databaseUrl!)
    schema = `test_${randomUUID().replaceAll('-', '').slice(0, 20)}`
    admin = await openDatabase({ databaseUrl: backend.databaseUrl, pgliteDir: null })
    await sql`create schema ${sql.id(schema)}`.execute(admin)
    db = await openDatabase({
      databaseUrl: proxy.url,
      pgliteDir: null,
      schema,
      applicationName: `portal-${schema}`,
      onIdleError: () => undefined,
      listenerTiming: timing,
    })
    await migrateToLatest(db, schema)
    await seedDemoData(db, undefined, ['espoo'])
    app = await buildApp({ config: testConfig(), db })
  })
  afterAll(async () => {
    await app.close()
    await db.destroy()
    await proxy.close()
    await sql`drop schema ${sql.id(schema)} cascade`.execute(admin)
    await admin.destroy()
  })

  it('goes offline within the heartbeat bound while the network stalls, and listens again after', async () => {
    await expect.poll(() => app.versionWatch.connected).toBe(true)
    const token = await accessToken(app, 'espoo', await logIn(app, 'espoo', 'guardian', 'demo-guardian-2026'))
    expect((await api(app, 'espoo', token, { url: '/api/account' })).statusCode).toBe(200)
    expect(app.sessionCache.size).toBeGreaterThan(0)

    proxy.stall()
    const stalledAt = performance.now()
    await expect
      .poll(() => app.versionWatch.connected, { timeout: noticed + 1_000, interval: 10 })
      .toBe(false)
    expect(performance.now() - stalledAt).toBeLessThan(noticed + 1_000)
    expect(app.versionWatch.cache.live).toBe(false)
    // The session cache forgets what it kept for minutes, and keeps sessions only seconds until it hears again.
    expect(app.sessionCache.announced).toBe(false)
    expect(app.sessionCache.size).toBe(0)
    expect((await app.ops.readiness.check()).checks.notifications).toBe(false)

    proxy.restore()
    await expect.poll(() => app.versionWatch.connected, { timeout: 10_000 }).toBe(true)
    expect(app.sessionCache.announced).toBe(true)
    expect((await app.ops.readiness.check()).checks).toEqual({
      database: true,
      migrations: true,
      notifications: true,
    })
  })
})
