import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TenantId } from '../../tenants'
import { accessToken, api, createTestApp, logIn, testPort, type TestApp } from './support/app'
import { backends } from './support/database'

/**
 * How soon another instance must refuse a session ended here: its announcement (migration 0017) arrives in
 * milliseconds, well before the 5 s the session cache keeps a session without announcements, so a test that
 * waits this long can only pass by the announcement.
 */
const announcementArrives = { timeout: 2_000, interval: 10 }

/** The session an access token names (its `sid` claim). */
const sessionOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid

/**
 * Two instances on one database: a session kept in instance B's cache for minutes is still refused there as
 * soon as A (or anything writing to the database) ends it or changes its user, by the database's announcement.
 */
describe.each(backends)('sessions ended on another instance, on $name', (backend) => {
  let test: TestApp
  let a: FastifyInstance
  let b: FastifyInstance
  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo'] })
    a = test.app
    b = await test.secondInstance()
  })
  afterAll(() => test.close())

  const account = (app: FastifyInstance, tenant: TenantId, token: string) =>
    api(app, tenant, token, { url: '/api/account' })
  const status = async (app: FastifyInstance, tenant: TenantId, token: string) =>
    (await account(app, tenant, token)).statusCode

  /** A session logged in on A, its token already used on B, so that B keeps the session. */
  async function keptOnB(tenant: TenantId, userName: string, password: string) {
    await expect.poll(() => a.versionWatch.connected && b.versionWatch.connected).toBe(true)
    const cookie = await logIn(a, tenant, userName, password)
    const token = await accessToken(a, tenant, cookie)
    expect(await status(b, tenant, token)).toBe(200)
    expect(b.sessionCache.announced).toBe(true)
    return { cookie, token }
  }

  it('refuses on B a session logged out on A', async () => {
    const { cookie, token } = await keptOnB('espoo', 'guardian', 'demo-guardian-2026')
    const logout = await a.inject({
      url: '/logout',
      headers: { host: `espoo.localhost:${testPort}`, cookie, 'sec-fetch-site': 'same-origin' },
    })
    expect(logout.statusCode).toBe(303)
    await expect.poll(() => status(b, 'espoo', token), announcementArrives).toBe(401)
  })

  it("refuses on B the user's other sessions after a password change on A, and shows the new state", async () => {
    const current = await keptOnB('demo', 'single', 'demo-single-2026')
    const other = await keptOnB('demo', 'single', 'demo-single-2026')
    const change = await api(a, 'demo', current.token, {
      method: 'POST',
      url: '/api/account/changePassword',
      payload: {
        userName: 'single-renamed',
        password: 'Uusi-salasana-2026',
        currentPassword: 'demo-single-2026',
      },
    })
    expect(change.statusCode).toBe(200)
    await expect.poll(() => status(b, 'demo', other.token), announcementArrives).toBe(401)
    const mine = await account(b, 'demo', current.token)
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toMatchObject({ userName: 'single-renamed' })
  })

  it('refuses on B a session revoked in the database by no instance', async () => {
    const { token } = await keptOnB('espoo', 'guardian', 'demo-guardian-2026')
    await sql`delete from sessions where tenant_id = 'espoo' and sid = ${sessionOf(token)}`.execute(test.db)
    await expect.poll(() => status(b, 'espoo', token), announcementArrives).toBe(401)
  })

  it("shows on B a user's row changed in the database (an email here)", async () => {
    const { token } = await keptOnB('espoo', 'guardian', 'demo-guardian-2026')
    await sql`update users set email = 'changed@example.com' where tenant_id = 'espoo' and user_name = 'guardian'`.execute(
      test.db,
    )
    await expect
      .poll(
        async () => (await account(b, 'espoo', token)).json<{ email: string | null }>().email,
        announcementArrives,
      )
      .toBe('changed@example.com')
  })
})
