import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tenantDb } from '../../server/db/tenantDb'
import { accessToken, api, createTestApp, logIn, testPort, type TestApp } from './support/app'
import { backends } from './support/database'

const strongPassword = 'Uusi-salasana-2026'

describe.each(backends)('access tokens bound to their session on $name', (backend) => {
  let test: TestApp
  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo'] })
  })
  afterAll(() => test.close())

  const account = (tenant: 'espoo' | 'demo', token: string) =>
    api(test.app, tenant, token, { url: '/api/account' })

  it('refuses a token of a session that has logged out, at once on this instance', async () => {
    const cookie = await logIn(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const token = await accessToken(test.app, 'espoo', cookie)
    // The first call puts the session in the in-process cache; logout must still be seen at once.
    expect((await account('espoo', token)).statusCode).toBe(200)

    const logout = await test.app.inject({
      url: '/logout',
      headers: { host: `espoo.localhost:${testPort}`, cookie, 'sec-fetch-site': 'same-origin' },
    })
    expect(logout.statusCode).toBe(303)

    const after = await account('espoo', token)
    expect(after.statusCode).toBe(401)
    expect(after.json()).toMatchObject({ code: 'unauthorized' })
    const cancel = await api(test.app, 'espoo', token, {
      method: 'POST',
      url: '/api/trip/cancel',
      payload: { trips: [{ id: 'any-trip', date: '2026-11-23' }], reason: 'Sairas' },
    })
    expect(cancel.statusCode).toBe(401)
  })

  it('ends the other sessions of the user on a password change, keeping the current one', async () => {
    const current = await logIn(test.app, 'demo', 'single', 'demo-single-2026')
    const other = await logIn(test.app, 'demo', 'single', 'demo-single-2026')
    const currentToken = await accessToken(test.app, 'demo', current)
    const otherToken = await accessToken(test.app, 'demo', other)
    expect((await account('demo', otherToken)).statusCode).toBe(200)

    const change = await api(test.app, 'demo', currentToken, {
      method: 'POST',
      url: '/api/account/changePassword',
      payload: { userName: 'single', password: strongPassword, currentPassword: 'demo-single-2026' },
    })
    expect(change.statusCode).toBe(200)

    expect((await account('demo', otherToken)).statusCode).toBe(401)
    await expect(accessToken(test.app, 'demo', other)).rejects.toThrow('No access token')
    // The current session goes on, and sees the new state of the user (not a cached copy).
    const mine = await account('demo', currentToken)
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toMatchObject({ userName: 'single', hasPassword: true })
    await expect(accessToken(test.app, 'demo', current)).resolves.toEqual(expect.any(String))
  })

  it('refuses a validly signed token that names no live session', async () => {
    const db = tenantDb(test.db, 'espoo')
    const user = await db.users.findByUserName('guardian')
    const key = await db.signingKeys.getOrCreate()
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT({ tenant: 'espoo', ...claims })
        .setProtectedHeader({ alg: 'HS256', kid: key.kid })
        .setSubject(user!.id)
        .setAudience('portal-api')
        .setIssuedAt()
        .setExpirationTime('60s')
        .sign(key.secret)
    expect((await account('espoo', await sign({}))).statusCode).toBe(401)
    expect((await account('espoo', await sign({ sid: 'no-such-session' }))).statusCode).toBe(401)
  })

  it('refuses a token whose session belongs to another user', async () => {
    const cookie = await logIn(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const token = await accessToken(test.app, 'espoo', cookie)
    const sid = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid
    const db = tenantDb(test.db, 'espoo')
    const someoneElse = await db.users.findByIdentitySubject('demo-aino-virtanen')
    const key = await db.signingKeys.getOrCreate()
    const forged = await new SignJWT({ tenant: 'espoo', sid })
      .setProtectedHeader({ alg: 'HS256', kid: key.kid })
      .setSubject(someoneElse!.id)
      .setAudience('portal-api')
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(key.secret)
    expect((await account('espoo', forged)).statusCode).toBe(401)
  })
})
