import { SignJWT } from 'jose'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tenantDb } from '../../server/db/tenantDb'
import { api, logIn, testPort, type TestApp, createTestApp } from './support/app'
import { backends } from './support/database'

describe.each(backends)('access tokens on $name', (backend) => {
  let test: TestApp
  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo'], config: { accessTokenTtlSeconds: 120 } })
  })
  afterAll(() => test.close())

  const exchange = (tenant: string, cookie?: string) =>
    test.app.inject({
      url: '/api/auth/access_token',
      headers: { host: `${tenant}.localhost:${testPort}`, ...(cookie ? { cookie } : {}) },
    })

  it('answers null without a session', async () => {
    const response = await exchange('espoo')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ accessToken: null, expiresIn: null })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('issues a short-lived HS256 token with sub and tenant for a session', async () => {
    const cookie = await logIn(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const response = await exchange('espoo', cookie)
    const body = response.json() as { accessToken: string; expiresIn: number }
    expect(body.expiresIn).toBe(120)
    const [header, payload] = body.accessToken
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()))
    expect(header.alg).toBe('HS256')
    expect(payload.tenant).toBe('espoo')
    expect(payload.exp - payload.iat).toBe(120)
    const user = await tenantDb(test.db, 'espoo').users.findByUserName('guardian')
    expect(payload.sub).toBe(user!.id)
    expect((await api(test.app, 'espoo', body.accessToken, { url: '/api/account' })).statusCode).toBe(200)
  })

  it('keeps the signing key in the database, one per tenant', async () => {
    const keys = await test.db
      .selectFrom('signing_keys')
      .select(['tenant_id', 'kid'])
      .orderBy('tenant_id')
      .execute()
    expect(keys.map((key) => key.tenant_id)).toEqual(['espoo'])
  })

  it('refuses a missing, malformed, expired or foreign token with 401', async () => {
    const cookie = await logIn(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const token = (await exchange('espoo', cookie)).json().accessToken as string
    const key = await tenantDb(test.db, 'espoo').signingKeys.getOrCreate()
    const user = await tenantDb(test.db, 'espoo').users.findByUserName('guardian')
    const nowSeconds = Math.floor(Temporal.Now.instant().epochMilliseconds / 1000)
    const expired = await new SignJWT({ tenant: 'espoo' })
      .setProtectedHeader({ alg: 'HS256', kid: key.kid })
      .setSubject(user!.id)
      .setAudience('portal-api')
      .setIssuedAt(nowSeconds - 600)
      .setExpirationTime(nowSeconds - 300)
      .sign(key.secret)

    for (const bad of [null, 'not-a-jwt', expired, `${token.slice(0, -4)}AAAA`]) {
      const response = await api(test.app, 'espoo', bad, { url: '/api/account' })
      expect(response.statusCode, String(bad)).toBe(401)
      expect(response.json()).toMatchObject({ statusCode: 401, code: 'unauthorized' })
      expect(response.headers['www-authenticate']).toBe('Bearer')
    }
    // A valid token of espoo is not a token of demo.
    const foreign = await api(test.app, 'demo', token, { url: '/api/account' })
    expect(foreign.statusCode).toBe(401)
  })

  it('stops issuing tokens once the session has expired', async () => {
    const cookie = await logIn(test.app, 'demo', 'single', 'demo-single-2026')
    await test.db
      .updateTable('sessions')
      .set({ expires_at: Temporal.Now.instant().subtract({ seconds: 1 }) })
      .where('tenant_id', '=', 'demo')
      .execute()
    expect((await exchange('demo', cookie)).json()).toEqual({ accessToken: null, expiresIn: null })
  })
})
