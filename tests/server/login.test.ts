import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashSessionId } from '../../server/auth/sessions'
import { createTestApp, cookieFrom, setCookieHeader, testPort, type TestApp } from './support/app'
import { backends } from './support/database'

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const formHeaders = (host: string) => ({ host, 'content-type': 'application/x-www-form-urlencoded' })

describe.each(backends)('login and logout on $name', (backend) => {
  let test: TestApp
  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo', 'helpbus'] })
  })
  afterAll(() => test.close())

  const postLogin = (host: string, fields: Record<string, string>, url = '/login') =>
    test.app.inject({ method: 'POST', url, headers: formHeaders(host), payload: form(fields) })

  it('renders the login page in the tenant theme and the requested language', async () => {
    const english = await test.app.inject({ url: '/login', headers: { host: `espoo.localhost:${testPort}` } })
    expect(english.statusCode).toBe(200)
    expect(english.body).toContain('<html lang="en">')
    expect(english.body).toContain('Espoon asiointiliikenne')
    expect(english.body).toContain('#00587c')
    expect(english.body).toContain('<label for="username">')
    expect(english.body).toContain('href="/login/strong?locale=en"')
    for (const locale of ['fi', 'sv']) {
      const page = await test.app.inject({
        url: `/login?locale=${locale}`,
        headers: { host: `espoo.localhost:${testPort}` },
      })
      expect(page.body).toContain(`<html lang="${locale}">`)
      expect(page.body).toContain(`name="locale" value="${locale}"`)
    }
  })

  it('defaults to Finnish on .fi hosts', async () => {
    const page = await test.app.inject({ url: '/login', headers: { host: 'espoo.matkaportaali.fi' } })
    expect(page.body).toContain('<html lang="fi">')
  })

  it('signs in with username and password: a hashed session and a per-tenant cookie', async () => {
    const response = await postLogin(
      `localhost:${testPort}`,
      { username: 'Guardian', password: 'demo-guardian-2026' },
      '/espoo/login',
    )
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/espoo/')
    const header = setCookieHeader(response, 'portal_session_espoo')!
    expect(header).toContain('HttpOnly')
    expect(header).toContain('SameSite=Lax')
    expect(header).toContain('Path=/')
    expect(header).not.toContain('Secure')
    const sessionId = cookieFrom(response, 'portal_session_espoo')!.split('=')[1]!
    const rows = await test.db
      .selectFrom('sessions')
      .select('id_hash')
      .where('tenant_id', '=', 'espoo')
      .execute()
    expect(rows.map((row) => row.id_hash)).toContain(hashSessionId(sessionId))
    expect(rows.map((row) => row.id_hash)).not.toContain(sessionId)
  })

  it('refuses a wrong password with a translated error and 401', async () => {
    const response = await postLogin(`helpbus.localhost:${testPort}`, {
      username: 'single',
      password: 'wrong-password',
      locale: 'en',
    })
    expect(response.statusCode).toBe(401)
    expect(response.body).toContain('role="alert"')
    expect(response.body).toContain('Incorrect username or password.')
    expect(response.body).toContain('value="single"')
    expect(response.headers['set-cookie']).toBeUndefined()
    const unknownUser = await postLogin(`helpbus.localhost:${testPort}`, {
      username: 'nobody',
      password: 'x',
    })
    expect(unknownUser.statusCode).toBe(401)
  })

  it('does not let one tenant’s user sign in on another tenant', async () => {
    await test.db
      .deleteFrom('users')
      .where('tenant_id', '=', 'helpbus')
      .where('user_name', '=', 'single')
      .execute()
    const response = await postLogin(`helpbus.localhost:${testPort}`, {
      username: 'single',
      password: 'demo-single-2026',
    })
    expect(response.statusCode).toBe(401)
    const elsewhere = await postLogin(`espoo.localhost:${testPort}`, {
      username: 'single',
      password: 'demo-single-2026',
    })
    expect(elsewhere.statusCode).toBe(303)
  })

  it('logs out: the session ends, the cookie clears, the browser goes to the logged-out page', async () => {
    const login = await postLogin(
      `localhost:${testPort}`,
      { username: 'guardian', password: 'demo-guardian-2026' },
      '/espoo/login',
    )
    const cookie = cookieFrom(login, 'portal_session_espoo')!
    const token = await test.app.inject({
      url: '/espoo/api/auth/access_token',
      headers: { host: `localhost:${testPort}`, cookie },
    })
    expect(token.json().accessToken).toEqual(expect.any(String))

    const logout = await test.app.inject({
      url: '/espoo/logout?locale=sv',
      headers: { host: `localhost:${testPort}`, cookie, 'sec-fetch-site': 'same-origin' },
    })
    expect(logout.statusCode).toBe(303)
    expect(logout.headers.location).toBe('/espoo/logged-out?lang=sv')
    expect(setCookieHeader(logout, 'portal_session_espoo')).toContain('Expires=Thu, 01 Jan 1970')
    const after = await test.app.inject({
      url: '/espoo/api/auth/access_token',
      headers: { host: `localhost:${testPort}`, cookie },
    })
    expect(after.json()).toEqual({ accessToken: null, expiresIn: null, sessionEndsIn: null })
  })

  it('keeps tenants on one localhost apart: each has its own cookie', async () => {
    const espoo = await postLogin(
      `localhost:${testPort}`,
      { username: 'guardian', password: 'demo-guardian-2026' },
      '/espoo/login',
    )
    const demo = await postLogin(
      `localhost:${testPort}`,
      { username: 'guardian', password: 'demo-guardian-2026' },
      '/demo/login',
    )
    const cookies = [cookieFrom(espoo, 'portal_session_espoo'), cookieFrom(demo, 'portal_session_demo')].join(
      '; ',
    )
    await test.app.inject({
      url: '/demo/logout',
      headers: { host: `localhost:${testPort}`, cookie: cookies, 'sec-fetch-site': 'same-origin' },
    })
    const stillIn = await test.app.inject({
      url: '/espoo/api/auth/access_token',
      headers: { host: `localhost:${testPort}`, cookie: cookies },
    })
    expect(stillIn.json().accessToken).toEqual(expect.any(String))
  })
})
