import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessToken, cookieFrom, createTestApp, logIn, testPort, type TestApp } from './support/app'
import { backends } from './support/database'

const espooHost = `espoo.localhost:${testPort}`
const formType = { 'content-type': 'application/x-www-form-urlencoded' }

describe.each(backends)('cross-site form posts and logout on $name', (backend) => {
  let test: TestApp
  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'] })
  })
  afterAll(() => test.close())

  const postLogin = (headers: Record<string, string>, url = '/login', host = espooHost) =>
    test.app.inject({
      method: 'POST',
      url,
      headers: { host, ...formType, ...headers },
      payload: new URLSearchParams({ username: 'guardian', password: 'demo-guardian-2026' }).toString(),
    })
  const hasSession = async (cookie: string) =>
    (await test.app.inject({ url: '/api/auth/access_token', headers: { host: espooHost, cookie } })).json()
      .accessToken !== null

  /** Every tenant is a sibling host of one domain: another tenant's page is the same site, not this origin. */
  const siblingTenant = { 'sec-fetch-site': 'same-site', origin: `http://kovanen.localhost:${testPort}` }

  it('refuses a login posted from another origin, a sibling tenant’s page included, with 403', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: `http://kovanen.localhost:${testPort}` },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site', origin: `http://${espooHost}` },
      siblingTenant,
      { 'sec-fetch-site': 'same-site' },
      // An unknown value is not taken for this origin.
      { 'sec-fetch-site': 'same-origin-ish', origin: `http://${espooHost}` },
    ]
    for (const headers of foreign) {
      const response = await postLogin(headers)
      expect(response.statusCode, JSON.stringify(headers)).toBe(403)
      expect(response.headers['set-cookie']).toBeUndefined()
      expect(response.body).toContain('role="alert"')
    }
  })

  it('accepts a login from this origin, one the user started, or a client that sends neither header', async () => {
    const own: Record<string, string>[] = [
      { origin: `http://${espooHost}`, 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { origin: `http://${espooHost}` },
      {},
    ]
    for (const headers of own) {
      const response = await postLogin(headers)
      expect(response.statusCode, JSON.stringify(headers)).toBe(303)
    }
    const prefixed = await postLogin(
      { origin: `http://localhost:${testPort}`, 'sec-fetch-site': 'same-origin' },
      '/espoo/login',
      `localhost:${testPort}`,
    )
    expect(prefixed.statusCode).toBe(303)
  })

  it('logs out by a POST from the portal, and refuses one from another site', async () => {
    const cookie = await logIn(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const postLogout = (headers: Record<string, string>) =>
      test.app.inject({
        method: 'POST',
        url: '/logout',
        headers: { host: espooHost, cookie, ...formType, ...headers },
        payload: 'locale=sv',
      })
    expect((await postLogout({ origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await postLogout(siblingTenant)).statusCode).toBe(403)
    expect(await hasSession(cookie)).toBe(true)

    const logout = await postLogout({ origin: `http://${espooHost}`, 'sec-fetch-site': 'same-origin' })
    expect(logout.statusCode).toBe(303)
    expect(logout.headers.location).toBe('/logged-out?lang=sv')
    expect(await hasSession(cookie)).toBe(false)
  })

  it('logs out by a same-origin GET (the spec’s logout?locale=)', async () => {
    for (const site of ['same-origin', 'none']) {
      const cookie = await logIn(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
      const token = await accessToken(test.app, 'espoo', cookie)
      const logout = await test.app.inject({
        url: '/logout?locale=fi',
        headers: { host: espooHost, cookie, 'sec-fetch-site': site },
      })
      expect(logout.statusCode).toBe(303)
      expect(logout.headers.location).toBe('/logged-out?lang=fi')
      expect(await hasSession(cookie)).toBe(false)
      expect(token).toEqual(expect.any(String))
    }
  })

  it('asks first on a cross-site GET or one that does not say where it comes from', async () => {
    const cookie = await logIn(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const texts = { fi: 'Kirjaudu ulos', sv: 'Logga ut', en: 'Log out' }
    const asking: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      {},
    ]
    for (const [locale, button] of Object.entries(texts)) {
      for (const headers of asking) {
        const page = await test.app.inject({
          url: `/logout?locale=${locale}`,
          headers: { host: espooHost, cookie, ...headers },
        })
        expect(page.statusCode).toBe(200)
        expect(page.headers['set-cookie']).toBeUndefined()
        expect(page.body).toContain(`<html lang="${locale}">`)
        expect(page.body).toContain('#00587c')
        expect(page.body).toContain('<form method="post" action="/logout">')
        expect(page.body).toContain(`name="locale" value="${locale}"`)
        expect(page.body).toContain(`>${button}</button>`)
      }
    }
    expect(await hasSession(cookie)).toBe(true)
    const prefixed = await test.app.inject({
      url: '/espoo/logout',
      headers: { host: `localhost:${testPort}`, 'sec-fetch-site': 'cross-site' },
    })
    expect(prefixed.body).toContain('<form method="post" action="/espoo/logout">')
  })

  it('leaves the identity provider’s return to the callback alone (a cross-site GET)', async () => {
    const callback = await test.app.inject({
      url: '/login/callback?code=x&state=y',
      headers: { host: espooHost, 'sec-fetch-site': 'cross-site' },
    })
    expect(callback.statusCode).not.toBe(403)
    expect(cookieFrom(callback, 'portal_session_espoo')).toBeUndefined()
  })
})
