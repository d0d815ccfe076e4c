import { createHmac, createSecretKey, randomBytes } from 'node:crypto'
import { SignJWT } from 'jose'
import { sql } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { issueAccessToken, verifyAccessToken } from '../../server/auth/accessTokens'
import { tenantDb } from '../../server/db/tenantDb'
import { api, logIn, testPort, type TestApp, createTestApp } from './support/app'
import { backends } from './support/database'

describe.each(backends)('access tokens on $name', (backend) => {
  let test: TestApp
  beforeAll(async () => {
    test = await createTestApp(backend, {
      seed: ['espoo', 'demo'],
      config: { accessTokenTtlSeconds: 120, session: { idleSeconds: 600, maxSeconds: 3600 } },
    })
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
    expect(response.json()).toEqual({ accessToken: null, expiresIn: null, sessionEndsIn: null })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  /** The answer's whole seconds left of the session: `seconds` as the call was made, a few less by now. */
  const expectSessionEndsIn = (answer: { json(): unknown }, seconds: number) => {
    const { sessionEndsIn } = answer.json() as { sessionEndsIn: number }
    expect(Number.isInteger(sessionEndsIn), String(sessionEndsIn)).toBe(true)
    expect(sessionEndsIn).toBeLessThanOrEqual(seconds)
    expect(sessionEndsIn).toBeGreaterThan(seconds - 5)
  }

  it('issues a short-lived HS256 token with sub and tenant for a session', async () => {
    const cookie = await logIn(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const response = await exchange('espoo', cookie)
    const body = response.json() as { accessToken: string; expiresIn: number }
    expect(body.expiresIn).toBe(120)
    // The session's own end, not the token's: the idle time after sign-in.
    expectSessionEndsIn(response, 600)
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

  it('refuses a signed token whose header or claims break the rules, and takes a good one signed by jose', async () => {
    const cookie = await logIn(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const good = (await exchange('espoo', cookie)).json().accessToken as string
    const key = await tenantDb(test.db, 'espoo').signingKeys.getOrCreate()
    const claims = JSON.parse(Buffer.from(good.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >
    const nowSeconds = Math.floor(Temporal.Now.instant().epochMilliseconds / 1000)
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
    // Signed with the right key by HMAC-SHA256, whatever the header says: only the checks can refuse these.
    const signed = (header: object, payload: object) => {
      const input = `${encode(header)}.${encode(payload)}`
      return `${input}.${createHmac('sha256', key.secret).update(input).digest('base64url')}`
    }
    const header = { alg: 'HS256', kid: key.kid }
    expect((await api(test.app, 'espoo', signed(header, claims), { url: '/api/account' })).statusCode).toBe(
      200,
    )
    const bad = {
      'alg none': signed({ alg: 'none' }, claims),
      'alg HS512': signed({ ...header, alg: 'HS512' }, claims),
      crit: signed({ ...header, crit: ['b64'], b64: false }, claims),
      'no exp': signed(header, { ...claims, exp: undefined }),
      'nbf ahead': signed(header, { ...claims, nbf: nowSeconds + 600 }),
      'other audience': signed(header, { ...claims, aud: 'portal-admin' }),
      'other tenant': signed(header, { ...claims, tenant: 'demo' }),
      'payload swapped': `${good.split('.')[0]}.${encode({ ...claims, sub: 'someone-else' })}.${good.split('.')[2]}`,
    }
    for (const [name, token] of Object.entries(bad)) {
      expect((await api(test.app, 'espoo', token, { url: '/api/account' })).statusCode, name).toBe(401)
    }
  })

  it('slides the session while the user is active, never past the cap since sign-in', async () => {
    const login = await test.app.inject({
      method: 'POST',
      url: '/login',
      headers: { host: `demo.localhost:${testPort}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=single&password=demo-single-2026',
    })
    // The cookie lasts for the cap; the row ends after the idle time unless the user is active.
    expect(String(login.headers['set-cookie'])).toMatch(/Max-Age=3600/)
    const cookie = String(login.headers['set-cookie']).split(';')[0]!
    const session = () =>
      test.db
        .selectFrom('sessions')
        .select(['expires_at'])
        .where('tenant_id', '=', 'demo')
        .executeTakeFirstOrThrow()
    const minutesLeft = async () =>
      Math.round((await session()).expires_at.since(Temporal.Now.instant()).total({ unit: 'seconds' }) / 60)
    expect(await minutesLeft()).toBe(10)
    // created_at is the database's own; only SQL moves it.
    const place = (startedMinutesAgo: number, endsInMinutes: number) => {
      const now = Temporal.Now.instant()
      const started = now.subtract({ minutes: startedMinutesAgo }).toString()
      const ends = now.add({ minutes: endsInMinutes }).toString()
      return sql`update sessions set created_at = ${started}::timestamptz, expires_at = ${ends}::timestamptz
        where tenant_id = 'demo'`.execute(test.db)
    }
    const exchangeActive = () =>
      test.app.inject({
        url: '/api/auth/access_token?active=1',
        headers: { host: `demo.localhost:${testPort}`, cookie },
      })

    await place(20, 2)
    // A token the open tab asked for alone does not keep the session alive.
    const passive = await exchange('demo', cookie)
    expect(passive.json().accessToken).toEqual(expect.any(String))
    expectSessionEndsIn(passive, 120)
    expect(await minutesLeft()).toBe(2)
    const active = await exchangeActive()
    expect(active.json().accessToken).toEqual(expect.any(String))
    expectSessionEndsIn(active, 600)
    expect(await minutesLeft()).toBe(10)
    // Moved less than a minute, it is not written: the answer still tells the end.
    expectSessionEndsIn(await exchangeActive(), 600)
    // Near the cap it slides only up to the cap.
    await place(55, 2)
    expectSessionEndsIn(await exchangeActive(), 300)
    expect(await minutesLeft()).toBe(5)
    // Past the cap it never moves, and a session is never shortened by it.
    await place(61, 3)
    expectSessionEndsIn(await exchangeActive(), 180)
    expect(await minutesLeft()).toBe(3)

    const bad = await test.app.inject({
      url: '/api/auth/access_token?active=yes',
      headers: { host: `demo.localhost:${testPort}`, cookie },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'validation_failed' })
  })

  it('stops issuing tokens once the session has expired', async () => {
    const cookie = await logIn(test.app, 'demo', 'single', 'demo-single-2026')
    await test.db
      .updateTable('sessions')
      .set({ expires_at: Temporal.Now.instant().subtract({ seconds: 1 }) })
      .where('tenant_id', '=', 'demo')
      .execute()
    expect((await exchange('demo', cookie)).json()).toEqual({
      accessToken: null,
      expiresIn: null,
      sessionEndsIn: null,
    })
  })
})

describe('verified tokens', () => {
  afterEach(() => vi.useRealTimers())

  it('are remembered only until they expire', async () => {
    const secret = new Uint8Array(randomBytes(32))
    const key = { kid: 'k', secret, hmacKey: createSecretKey(secret) }
    const token = await issueAccessToken(key, 'espoo', { userId: 'u', sessionId: 's' }, 60)
    vi.useFakeTimers({ toFake: ['Date'] })
    expect(verifyAccessToken(key, 'espoo', token)).toEqual({ userId: 'u', sessionId: 's' })
    expect(verifyAccessToken(key, 'espoo', token)).toEqual({ userId: 'u', sessionId: 's' })
    vi.advanceTimersByTime(61_000)
    expect(verifyAccessToken(key, 'espoo', token)).toBeNull()
  })
})
