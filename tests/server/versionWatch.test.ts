import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/connect'
import { tenantDb, type TenantDb } from '../../server/db/tenantDb'
import { createTestApp, type TestApp } from './support/app'
import { backends, type Backend } from './support/database'
import { describeOnPostgres } from './support/onPostgres'

/**
 * The polled calls' read versions come from memory while the database announces no change (migration 0011,
 * server/reads/versionWatch.ts): a change anywhere reaches them by its notification, one committed by this
 * instance before `settled()` resolves, and a lost listener sends every lookup to the database again.
 */

/** The seeded app, and the read version of the guardian's first passenger as announced and as stored. */
function withPassengerVersion(backend: Backend) {
  let test: TestApp
  let data: TenantDb
  let userId: string
  let passengerId: string

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'] })
    data = tenantDb(test.db, 'espoo', test.app.versionWatch.cache)
    const guardian = await data.users.findByUserName('guardian')
    userId = guardian!.id
    passengerId = (await data.passengers.listGranted(userId))[0]!.id
  })
  afterAll(() => test.close())

  return {
    test: () => test,
    watch: () => test.app.versionWatch,
    announced: () => data.readVersions.grantedPassenger(userId, passengerId, { announced: true }),
    current: () => data.readVersions.grantedPassenger(userId, passengerId),
    /** Changes the passenger's version the way any write does, here outside the app. */
    touchPassenger: () =>
      sql`update passengers set avatar_text = avatar_text where tenant_id = 'espoo' and id = ${passengerId}`.execute(
        test.db,
      ),
    userId: () => userId,
    passengerId: () => passengerId,
  }
}

describe.each(backends)('announced read versions on $name', (backend) => {
  const { test, watch, announced, current, touchPassenger, userId, passengerId } =
    withPassengerVersion(backend)

  it('answers from memory while nothing is announced', async () => {
    await expect.poll(() => watch().cache.live).toBe(true)
    const before = await announced()
    expect(before).toBe(await current())
    await sql`alter table passengers disable trigger passengers_notify_read_version`.execute(test().db)
    try {
      await touchPassenger()
      expect(await current()).not.toBe(before)
      expect(await announced()).toBe(before)
    } finally {
      await sql`alter table passengers enable trigger passengers_notify_read_version`.execute(test().db)
    }
    await touchPassenger()
    await expect.poll(announced, { interval: 5 }).toBe(await current())
  })

  it("sees this instance's own commit once settled, with no waiting", async () => {
    await announced()
    await touchPassenger()
    await watch().settled()
    expect(await announced()).toBe(await current())
  })

  it('sees a grant taken away and given back', async () => {
    expect(await announced()).toBeDefined()
    const { db } = test()
    const grant = await db
      .selectFrom('passenger_grants')
      .selectAll()
      .where('tenant_id', '=', 'espoo')
      .where('user_id', '=', userId())
      .where('passenger_id', '=', passengerId())
      .executeTakeFirstOrThrow()
    await db
      .deleteFrom('passenger_grants')
      .where('tenant_id', '=', 'espoo')
      .where('user_id', '=', userId())
      .where('passenger_id', '=', passengerId())
      .execute()
    await watch().settled()
    expect(await announced()).toBeUndefined()
    await db.insertInto('passenger_grants').values(grant).execute()
    await watch().settled()
    expect(await announced()).toBe(await current())
  })
})

// PGlite is in this process: it has no connection to lose.
describeOnPostgres('announced read versions when the listener is lost', (backend) => {
  const { test, watch, announced, current, touchPassenger } = withPassengerVersion(backend)

  it('asks the database while its listener is lost, and listens again by itself', async () => {
    await announced()
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where application_name = ${`portal-${test().schema}-notifications`} and pid <> pg_backend_pid()
              and datname = current_database()`.execute(test().db)
    await expect.poll(() => watch().cache.live, { interval: 5 }).toBe(false)
    await touchPassenger()
    expect(await announced()).toBe(await current())
    await expect.poll(() => watch().cache.live, { timeout: 5_000 }).toBe(true)
    await touchPassenger()
    await watch().settled()
    expect(await announced()).toBe(await current())
  })

  it('survives a pooled connection lost while idle, and opens another', async () => {
    const lost: Error[] = []
    const applicationName = `portal-${test().schema}-idle`
    const db = await openDatabase({
      databaseUrl: backend.databaseUrl,
      pgliteDir: null,
      schema: test().schema!,
      applicationName,
      onIdleError: (error) => lost.push(error),
    })
    try {
      await sql`select 1`.execute(db)
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
                where application_name = ${applicationName}`.execute(test().db)
      await expect.poll(() => lost.length).toBeGreaterThan(0)
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }])
    } finally {
      await db.destroy()
    }
  })
})
