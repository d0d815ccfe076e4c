import type { LightMyRequestResponse } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Passenger } from '../../src/contract/passenger'
import { tenantDb } from '../../server/db/tenantDb'
import { newInvitationCode } from '../../server/invitations/invitations'
import {
  accessToken,
  api,
  cookieFrom,
  createTestApp,
  logIn,
  setCookieHeader,
  type TestApp,
} from './support/app'
import { TestBrowser } from './support/browser'
import { backends } from './support/database'

const port = 9171
const origin = `http://localhost:${port}`
const espooHost = `espoo.localhost:${port}`
const pendingCookie = 'portal_invitation_espoo'
const sessionCookie = 'portal_session_espoo'
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

/**
 * The full-page navigations of spec section 2 that accept an invitation through the sign-in: the login form and
 * strong authentication through the embedded identity provider on a real port.
 */
describe.each(backends)('accepting an invitation through the sign-in on $name', (backend) => {
  let test: TestApp

  beforeAll(async () => {
    test = await createTestApp(backend, {
      seed: ['espoo'],
      config: { port, publicOrigin: origin, host: '::' },
    })
    await test.app.listen({ host: '::', port })
  })
  afterAll(() => test.close())

  /** A waiting invitation of a passenger nobody has been granted yet, made for this test. */
  async function freshInvitation(
    name: string,
    expiresAt = Temporal.Now.instant().add({ hours: 1 }),
  ): Promise<string> {
    const db = tenantDb(test.db, 'espoo')
    const id = `invited-${newInvitationCode()}`
    await db.passengers.insertMany([{ id, name, phone: null, avatar_text: 'IN' }])
    const code = newInvitationCode()
    await db.transaction((trx) => trx.invitations.create({ code, expiresAt, passengerIds: [id] }))
    return code
  }

  const page = (url: string, headers: Record<string, string> = {}) =>
    test.app.inject({ url, headers: { host: espooHost, ...headers } })

  const postLogin = (cookie: string | undefined, fields: Record<string, string>, url = '/login') =>
    test.app.inject({
      method: 'POST',
      url,
      headers: {
        host: espooHost,
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie } : {}),
      },
      payload: form(fields),
    })

  const passengerNames = async (cookie: string) => {
    const token = await accessToken(test.app, 'espoo', cookie)
    const list = (await api(test.app, 'espoo', token, { url: '/api/passenger' })).json<Passenger[]>()
    return list.map((passenger) => passenger.name)
  }

  /** Whether a response clears cookie `name` (an expired Set-Cookie). */
  const clears = (response: LightMyRequestResponse, name: string) =>
    /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(setCookieHeader(response, name) ?? '')

  it('sends an anonymous browser to the login page, which says why, and accepts once the password is right', async () => {
    const code = await freshInvitation('Pihla Invited')
    const start = await page(`/acceptinvite?code=${code}&locale=sv`)
    expect(start.statusCode).toBe(303)
    expect(start.headers.location).toBe('/login?locale=sv')
    expect(start.headers['cache-control']).toBe('no-store')
    const pending = cookieFrom(start, pendingCookie)!
    expect(pending).toBe(`${pendingCookie}=${code}`)
    expect(setCookieHeader(start, pendingCookie)).toContain('HttpOnly')

    const login = await page('/login?locale=sv', { cookie: pending })
    expect(login.body).toContain('Logga in för att godkänna inbjudan')
    expect(login.body).toContain('Stark autentisering skapar ett')
    const plain = await page('/login?locale=sv')
    expect(plain.body).not.toContain('godkänna inbjudan')

    // A failed attempt keeps the invitation and says it again.
    const wrong = await postLogin(pending, { username: 'single', password: 'wrong', locale: 'sv' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.body).toContain('Logga in för att godkänna inbjudan')
    expect(setCookieHeader(wrong, pendingCookie)).toBeUndefined()

    const done = await postLogin(pending, { username: 'single', password: 'demo-single-2026', locale: 'sv' })
    expect(done.statusCode).toBe(303)
    expect(done.headers.location).toBe('/passengers?lang=sv')
    expect(clears(done, pendingCookie)).toBe(true)
    const session = cookieFrom(done, sessionCookie)!
    expect(await passengerNames(session)).toContain('Pihla Invited')
  })

  it('keeps the tenant’s path prefix all the way', async () => {
    const code = await freshInvitation('Prefix Invited')
    const start = await test.app.inject({
      url: `/espoo/acceptinvite?code=${code}&locale=fi`,
      headers: { host: `localhost:${port}` },
    })
    expect(start.headers.location).toBe('/espoo/login?locale=fi')
    const done = await test.app.inject({
      method: 'POST',
      url: '/espoo/login',
      headers: {
        host: `localhost:${port}`,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: cookieFrom(start, pendingCookie)!,
      },
      payload: form({ username: 'guardian', password: 'demo-guardian-2026', locale: 'fi' }),
    })
    expect(done.headers.location).toBe('/espoo/passengers?lang=fi')
    expect(await passengerNames(cookieFrom(done, sessionCookie)!)).toContain('Prefix Invited')
  })

  it('lands on the invitation’s page, which says it is gone, when it expired or another user took it meanwhile', async () => {
    const expired = await freshInvitation('Late Invited', Temporal.Now.instant().subtract({ minutes: 1 }))
    const taken = await freshInvitation('Taken Invited')
    const guardian = await logIn(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const token = await accessToken(test.app, 'espoo', guardian)
    const accepted = await api(test.app, 'espoo', token, {
      method: 'POST',
      url: '/api/invitation',
      payload: { code: taken },
    })
    expect(accepted.statusCode).toBe(200)
    for (const code of [expired, taken]) {
      const start = await page(`/acceptinvite?code=${code}&locale=en`)
      const done = await postLogin(cookieFrom(start, pendingCookie), {
        username: 'single',
        password: 'demo-single-2026',
        locale: 'en',
      })
      expect(done.statusCode).toBe(303)
      expect(done.headers.location).toBe(`/invitation/${code}?lang=en`)
      expect(clears(done, pendingCookie)).toBe(true)
      expect(await passengerNames(cookieFrom(done, sessionCookie)!)).not.toContain('Late Invited')
    }
    expect(await passengerNames(guardian)).toContain('Taken Invited')
  })

  it('sends a browser that is signed in to the invitation’s page, and a missing or malformed code home', async () => {
    const code = await freshInvitation('Signed Invited')
    const session = await logIn(test.app, 'espoo', 'single', 'demo-single-2026')
    const signedIn = await page(`/acceptinvite?code=${code}&locale=fi`, { cookie: session })
    expect(signedIn.statusCode).toBe(303)
    expect(signedIn.headers.location).toBe(`/invitation/${code}?lang=fi`)
    expect(setCookieHeader(signedIn, pendingCookie)).toBeUndefined()
    expect(await passengerNames(session)).not.toContain('Signed Invited')

    for (const url of [
      '/acceptinvite?locale=sv',
      '/acceptinvite?code=short&locale=sv',
      '/logoutandacceptinvite?code=%3Cx%3E&locale=sv',
    ]) {
      const response = await page(url)
      expect(response.statusCode, url).toBe(303)
      expect(response.headers.location, url).toBe('/?lang=sv')
      expect(setCookieHeader(response, pendingCookie), url).toBeUndefined()
    }
  })

  it('logs the current user out first when the portal navigates to logoutandacceptinvite', async () => {
    const code = await freshInvitation('Other Invited')
    const guardian = await logIn(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const start = await page(`/logoutandacceptinvite?code=${code}&locale=fi`, {
      cookie: guardian,
      'sec-fetch-site': 'same-origin',
    })
    expect(start.statusCode).toBe(303)
    expect(start.headers.location).toBe('/login?locale=fi')
    expect(clears(start, sessionCookie)).toBe(true)
    const token = await test.app.inject({
      url: '/api/auth/access_token',
      headers: { host: espooHost, cookie: guardian },
    })
    expect(token.json()).toMatchObject({ accessToken: null })

    const done = await postLogin(cookieFrom(start, pendingCookie), {
      username: 'single',
      password: 'demo-single-2026',
      locale: 'fi',
    })
    expect(done.headers.location).toBe('/passengers?lang=fi')
    expect(await passengerNames(cookieFrom(done, sessionCookie)!)).toContain('Other Invited')
    const again = await logIn(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    expect(await passengerNames(again)).not.toContain('Other Invited')
  })

  it('asks first when another site sent the browser to logoutandacceptinvite, and takes only this site’s form', async () => {
    const code = await freshInvitation('Asked Invited')
    const guardian = await logIn(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    const foreignOrUnknown: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, {}]
    for (const headers of foreignOrUnknown) {
      const asked = await page(`/logoutandacceptinvite?code=${code}&locale=sv`, {
        cookie: guardian,
        ...headers,
      })
      expect(asked.statusCode).toBe(200)
      expect(asked.body).toContain('<html lang="sv">')
      expect(asked.body).toContain('Vill du godkänna inbjudan med ett annat konto?')
      expect(asked.body).toContain('action="/logoutandacceptinvite"')
      expect(asked.body).toContain(`name="code" value="${code}"`)
      expect(setCookieHeader(asked, sessionCookie)).toBeUndefined()
    }
    const post = (headers: Record<string, string>) =>
      test.app.inject({
        method: 'POST',
        url: '/logoutandacceptinvite',
        headers: {
          host: espooHost,
          cookie: guardian,
          'content-type': 'application/x-www-form-urlencoded',
          ...headers,
        },
        payload: form({ code, locale: 'sv' }),
      })
    const foreignPosts: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      // Another tenant's page: a sibling host of the same site.
      { 'sec-fetch-site': 'same-site', origin: `http://kovanen.localhost:${port}` },
    ]
    for (const headers of foreignPosts) {
      const foreign = await post(headers)
      expect(foreign.statusCode).toBe(403)
      expect(foreign.body).toContain('role="alert"')
    }
    expect(await passengerNames(guardian)).not.toContain('Asked Invited')

    const own = await post({ 'sec-fetch-site': 'same-origin', origin: `http://${espooHost}` })
    expect(own.statusCode).toBe(303)
    expect(own.headers.location).toBe('/login?locale=sv')
    expect(cookieFrom(own, pendingCookie)).toBe(`${pendingCookie}=${code}`)
    expect(clears(own, sessionCookie)).toBe(true)
  })

  it('sends a browser with no session straight to the login page from logoutandacceptinvite', async () => {
    const code = await freshInvitation('Nobody Invited')
    const start = await page(`/logoutandacceptinvite?code=${code}&locale=en`, {
      'sec-fetch-site': 'cross-site',
    })
    expect(start.statusCode).toBe(303)
    expect(start.headers.location).toBe('/login?locale=en')
    expect(cookieFrom(start, pendingCookie)).toBe(`${pendingCookie}=${code}`)
  })

  it('accepts after strong authentication, for a person who becomes a new user', async () => {
    const code = await freshInvitation('Strong Invited')
    const browser = new TestBrowser()
    const login = await browser.go(`http://${espooHost}/acceptinvite?code=${code}&locale=fi`)
    expect(login.url).toBe(`http://${espooHost}/login?locale=fi`)
    expect(login.body).toContain('Kirjaudu sisään hyväksyäksesi kutsun')
    expect(login.body).toContain('href="/login/strong?locale=fi"')

    const idpPage = await browser.go(`http://${espooHost}/login/strong?locale=fi`)
    const action = idpPage.body
      .split('<form')
      .find((part) => part.includes('value="demo-helmi-korhonen"'))
      ?.match(/action="([^"]+)"/)?.[1]
    let response = await browser.send(new URL(action!, idpPage.url).href, {
      method: 'POST',
      form: { identity: 'demo-helmi-korhonen' },
    })
    while (response.status === 303 && !String(response.headers.location).includes('/login/callback')) {
      response = await browser.send(new URL(String(response.headers.location), response.url).href)
    }
    const callback = await browser.send(String(response.headers.location))
    expect(callback.status).toBe(303)
    expect(callback.headers.location).toBe('/passengers?lang=fi')
    expect(browser.cookie('espoo.localhost', pendingCookie)).toBeUndefined()

    const user = await tenantDb(test.db, 'espoo').users.findByIdentitySubject('demo-helmi-korhonen')
    const granted = await tenantDb(test.db, 'espoo').passengers.listGranted(user!.id)
    expect(granted.map((passenger) => passenger.name)).toEqual(['Strong Invited'])
  })
})
