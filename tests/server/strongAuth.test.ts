import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './support/app'
import { TestBrowser, type BrowserResponse } from './support/browser'
import { backends } from './support/database'

const port = 9163
const origin = `http://localhost:${port}`

/** The action of the identity provider's form for one test identity. */
function identityFormAction(page: BrowserResponse, subject: string): string {
  const form = page.body.split('<form').find((part) => part.includes(`value="${subject}"`))
  const action = form?.match(/action="([^"]+)"/)?.[1]
  if (!action) throw new Error(`No form for ${subject} in:\n${page.body}`)
  return new URL(action, page.url).href
}

describe.each(backends)(
  'strong authentication through the embedded identity provider on $name',
  (backend) => {
    let test: TestApp
    beforeAll(async () => {
      test = await createTestApp(backend, {
        seed: ['espoo', 'helpbus'],
        config: { port, publicOrigin: origin, host: '::' },
      })
      await test.app.listen({ host: '::', port })
    })
    afterAll(() => test.close())

    async function identify(browser: BrowserResponse | string, subject: string, client: TestBrowser) {
      const page = typeof browser === 'string' ? await client.go(browser) : browser
      expect(page.status).toBe(200)
      return client.go(identityFormAction(page, subject), { method: 'POST', form: { identity: subject } })
    }

    it('signs in the seeded user without a password, through the tenant path prefix', async () => {
      const browser = new TestBrowser()
      const idpPage = await browser.go(`${origin}/espoo/login/strong?locale=fi`)
      expect(idpPage.url).toMatch(new RegExp(`^${origin}/idp/interaction/`))
      expect(idpPage.body).toContain('<html lang="fi">')
      expect(idpPage.body).toContain('Aino Virtanen')

      const first = await browser.send(identityFormAction(idpPage, 'demo-aino-virtanen'), {
        method: 'POST',
        form: { identity: 'demo-aino-virtanen' },
      })
      expect(first.status).toBe(303)
      let response = first
      while (response.status === 303 && !String(response.headers.location).includes('/login/callback')) {
        response = await browser.send(new URL(String(response.headers.location), response.url).href)
      }
      expect(String(response.headers.location)).toMatch(new RegExp(`^${origin}/espoo/login/callback\\?code=`))
      const callback = await browser.send(String(response.headers.location))
      expect(callback.status).toBe(303)
      expect(callback.headers.location).toBe('/espoo/')
      expect(browser.cookie('localhost', 'portal_session_espoo')).toBeDefined()
      expect(browser.cookie('localhost', 'portal_oidc_espoo')).toBeUndefined()

      const tokenResponse = await browser.send(`${origin}/espoo/api/auth/access_token`)
      const { accessToken } = JSON.parse(tokenResponse.body) as { accessToken: string }
      const account = await fetch(`${origin}/api/account`, {
        headers: { authorization: `Bearer ${accessToken}`, 'x-tenant': 'espoo' },
      })
      expect(await account.json()).toMatchObject({
        name: 'Aino Virtanen',
        hasPassword: false,
        identityVerified: true,
      })
      const passengers = await fetch(`${origin}/api/passenger`, {
        headers: { authorization: `Bearer ${accessToken}`, 'x-tenant': 'espoo' },
      })
      expect(await passengers.json()).toHaveLength(1)

      // The provider asks again on the next strong login instead of silently reusing its session.
      const again = await browser.go(`${origin}/espoo/login/strong?locale=en`)
      expect(again.url).toMatch(new RegExp(`^${origin}/idp/interaction/`))
    })

    it('creates a user on a first strong login, on a tenant host name', async () => {
      const browser = new TestBrowser()
      const done = await identify(
        `http://helpbus.localhost:${port}/login/strong?locale=sv`,
        'demo-mikko-nieminen',
        browser,
      )
      // The portal itself is not built in this test: the redirect to / ends at the 404 of a missing static folder.
      expect(done.url).toBe(`http://helpbus.localhost:${port}/`)
      expect(browser.cookie('helpbus.localhost', 'portal_session_helpbus')).toBeDefined()
      const user = await test.db
        .selectFrom('users')
        .selectAll()
        .where('tenant_id', '=', 'helpbus')
        .where('identity_subject', '=', 'demo-mikko-nieminen')
        .executeTakeFirstOrThrow()
      expect(user).toMatchObject({ name: 'Mikko Nieminen', identity_verified: true, password_hash: null })
    })

    it('returns to the login page with a translated error when the person cancels', async () => {
      const browser = new TestBrowser()
      const idpPage = await browser.go(`${origin}/espoo/login/strong?locale=en`)
      const cancel = idpPage.body.match(/action="([^"]+\/abort)"/)?.[1]
      const back = await browser.go(new URL(cancel!, idpPage.url).href, { method: 'POST', form: {} })
      expect(back.status).toBe(401)
      expect(back.url).toContain('/espoo/login/callback')
      expect(back.body).toContain('role="alert"')
      expect(back.body).toContain('Strong authentication did not succeed')
      expect(browser.cookie('localhost', 'portal_session_espoo')).toBeUndefined()
    })

    it('refuses a callback without the pending login cookie', async () => {
      const browser = new TestBrowser()
      const response = await browser.send(`${origin}/espoo/login/callback?code=forged&state=forged`)
      expect(response.status).toBe(400)
      expect(response.body).toContain('role="alert"')
    })
  },
)
