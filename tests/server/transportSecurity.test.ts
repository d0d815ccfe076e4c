import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { cookieFrom, createTestApp, setCookieHeader, testConfig, testPort, type TestApp } from './support/app'
import { backends } from './support/database'

const productionHost = 'demo.matkaportaali.fi'
const credentials = new URLSearchParams({ username: 'guardian', password: 'demo-guardian-2026' }).toString()

describe.each(backends)('HSTS and the session cookie’s Secure flag on $name', (backend) => {
  let behindProxy: TestApp
  /** A second instance on the same database, without TRUST_PROXY. */
  let direct: Pick<TestApp, 'app'>
  beforeAll(async () => {
    behindProxy = await createTestApp(backend, { seed: ['demo'], config: { trustProxy: { hops: 1 } } })
    direct = { app: await buildApp({ config: testConfig(), db: behindProxy.db }) }
  })
  afterAll(async () => {
    await direct.app.close()
    await behindProxy.close()
  })

  const login = (
    test: Pick<TestApp, 'app'>,
    host: string,
    headers: Record<string, string> = {},
    url = '/login',
  ) =>
    test.app.inject({
      method: 'POST',
      url,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: credentials,
    })

  it('over https: HSTS, and a Secure __Host- cookie on Path=/ without Domain that signs in and out', async () => {
    const https = { 'x-forwarded-proto': 'https' }
    const response = await login(behindProxy, productionHost, https)
    expect(response.statusCode).toBe(303)
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000')
    const header = setCookieHeader(response, '__Host-portal_session_demo')!
    expect(header).toContain('Secure')
    expect(header).toContain('Path=/')
    expect(header).not.toMatch(/Domain=/i)
    expect(setCookieHeader(response, 'portal_session_demo')).toBeUndefined()

    const cookie = cookieFrom(response, '__Host-portal_session_demo')!
    const token = await behindProxy.app.inject({
      url: '/api/auth/access_token',
      headers: { host: productionHost, cookie, ...https },
    })
    expect(token.json().accessToken).toEqual(expect.any(String))
    expect(token.headers['strict-transport-security']).toBe('max-age=31536000')

    const logout = await behindProxy.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { host: productionHost, cookie, ...https },
    })
    const cleared = setCookieHeader(logout, '__Host-portal_session_demo')!
    expect(cleared).toContain('Expires=Thu, 01 Jan 1970')
    expect(cleared).toContain('Secure')
    expect(cleared).toContain('Path=/')
  })

  it('over plain http: no HSTS and no Secure flag, whatever the host name', async () => {
    for (const [test, headers] of [
      [behindProxy, { 'x-forwarded-proto': 'http' }],
      // Without TRUST_PROXY the header is not believed.
      [direct, { 'x-forwarded-proto': 'https' }],
    ] as const) {
      const response = await login(test, productionHost, headers)
      expect(response.statusCode).toBe(303)
      expect(response.headers['strict-transport-security']).toBeUndefined()
      const header = setCookieHeader(response, 'portal_session_demo')!
      expect(header).not.toContain('Secure')
      expect(setCookieHeader(response, '__Host-portal_session_demo')).toBeUndefined()
    }
  })

  it('pins https only from a listed proxy’s X-Forwarded-Proto, on tenant and configured staging hosts', async () => {
    const listed = await buildApp({
      config: testConfig({ trustProxy: { addresses: ['10.0.0.0/8'] }, devHosts: ['staging.example.fi'] }),
      db: behindProxy.db,
    })
    const https = (host: string, remoteAddress: string, url = '/login') =>
      listed.inject({ method: 'GET', url, remoteAddress, headers: { host, 'x-forwarded-proto': 'https' } })
    for (const { host, url } of [
      { host: productionHost, url: '/login' },
      { host: 'staging.example.fi', url: '/demo/login' },
    ]) {
      const response = await https(host, '10.1.2.3', url)
      expect(response.statusCode, host).toBe(200)
      expect(response.headers['strict-transport-security'], host).toBe('max-age=31536000')
      // A client that reaches the server past the proxy says https in vain.
      const direct = await https(host, '192.0.2.5', url)
      expect(direct.headers['strict-transport-security'], host).toBeUndefined()
    }
    await listed.close()
  })

  it('sends no HSTS to a loopback host even over https, and keeps path-prefix tenants apart', async () => {
    const response = await login(
      behindProxy,
      `localhost:${testPort}`,
      { 'x-forwarded-proto': 'https' },
      '/demo/login',
    )
    expect(response.statusCode).toBe(303)
    expect(response.headers['strict-transport-security']).toBeUndefined()
    expect(setCookieHeader(response, '__Host-portal_session_demo')).toContain('Path=/')
  })
})
