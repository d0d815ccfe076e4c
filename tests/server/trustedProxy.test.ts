import { spawnSync } from 'node:child_process'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ClientErrorReport } from '../../src/contract/clientErrors'
import { loadConfig } from '../../server/config/config'
import {
  clientAddress,
  limitKey,
  parseProxyTrust,
  requestHost,
  trustedHop,
  type ProxyTrust,
} from '../../server/net/clientAddress'
import { admitForwardedHeaders } from '../../server/net/forwardedHeaders'
import { clientErrorRate } from '../../server/routes/clientErrors'
import { createTestApp, setCookieHeader, testPort, type TestApp } from './support/app'
import { backends } from './support/database'

const espooHost = `espoo.localhost:${testPort}`

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['false', null],
    ['0', null],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
    ['10.0.0.0/8, 192.168.1.2', { addresses: ['10.0.0.0/8', '192.168.1.2'] }],
    ['fd00::/8,::1', { addresses: ['fd00::/8', '::1'] }],
  ])('reads %j', (raw, trust) => {
    expect(parseProxyTrust(raw)).toEqual(trust)
  })

  it.each(['yes', '-1', '1.5', '10.0.0.0/33', '10.0.0.0/255.0.255.0', '1.2.3', '10.0.0.0/8,', 'loopback'])(
    'refuses %j, saying what to set',
    (raw) => {
      expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(/TRUST_PROXY=1\b.*TRUST_PROXY=10\.0\.0\.0\/8/)
    },
  )

  it('reads X-Forwarded-Host only with TRUST_FORWARDED_HOST=true, and only from TRUST_PROXY’s proxies', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustForwardedHost).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1', TRUST_FORWARDED_HOST: 'true' }).trustForwardedHost).toBe(true)
    expect(() => loadConfig({ TRUST_FORWARDED_HOST: 'true' })).toThrow(/TRUST_FORWARDED_HOST.*TRUST_PROXY/)
    expect(() => loadConfig({ TRUST_PROXY: '1', TRUST_FORWARDED_HOST: 'yes' })).toThrow(
      /TRUST_FORWARDED_HOST must be true or false/,
    )
  })

  it('refuses to start with TRUST_PROXY=true, which would believe any client', () => {
    const start = spawnSync(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      env: {
        ...process.env,
        TRUST_PROXY: 'true',
        PGLITE_DIR: 'memory',
        STATIC_DIR: 'none',
        DATABASE_URL: '',
      },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(start.status).not.toBe(0)
    expect(start.stderr).toContain('TRUST_PROXY=true would believe any client')
    expect(start.stderr).toContain('(TRUST_PROXY=1)')
  })
})

describe('the rule on a raw request, for code that runs before Fastify', () => {
  /**
   * A bare Fastify with the rule and the server's door (`admitForwardedHeaders`, which every request passes
   * first), answering what it made of the request and what the raw-request functions say.
   */
  const echo = async (trust: ProxyTrust, forwardedHost = false) => {
    const hop = trustedHop(trust)
    const app = Fastify({
      trustProxy: hop ?? false,
      rewriteUrl: (raw) => {
        admitForwardedHeaders(raw, { proxies: hop, host: forwardedHost })
        return raw.url ?? '/'
      },
    })
    app.get('/', (request) => ({
      fastify: { ip: request.ip, host: request.host },
      raw: { ip: clientAddress(request.raw, hop), host: requestHost(request.raw, hop) },
    }))
    await app.ready()
    return app
  }
  const ask = async (app: FastifyInstance, remoteAddress: string, headers: Record<string, string>) =>
    (await app.inject({ url: '/', remoteAddress, headers: { host: 'portal.example', ...headers } })).json<{
      fastify: { ip: string; host: string }
      raw: { ip: string; host: string }
    }>()

  it.each([
    [null, '127.0.0.1', {}],
    [null, '127.0.0.1', { 'x-forwarded-for': '192.0.2.1', 'x-forwarded-host': 'elsewhere.example' }],
    [{ hops: 1 }, '127.0.0.1', { 'x-forwarded-for': '192.0.2.1, 198.51.100.7' }],
    [{ hops: 1 }, '127.0.0.1', { 'x-forwarded-host': 'a.example, b.example' }],
    [{ hops: 2 }, '127.0.0.1', { 'x-forwarded-for': '192.0.2.1, 198.51.100.7, 10.0.0.2' }],
    [{ hops: 1 }, '127.0.0.1', {}],
    [{ addresses: ['10.0.0.0/8'] }, '10.1.2.3', { 'x-forwarded-for': '192.0.2.1, 198.51.100.7, 10.9.9.9' }],
    [{ addresses: ['10.0.0.0/8'] }, '192.0.2.9', { 'x-forwarded-for': '198.51.100.7' }],
    [{ addresses: ['10.0.0.0/8'] }, '10.1.2.3', { 'x-forwarded-host': 'a.example, b.example' }],
    [{ addresses: ['10.0.0.0/8'] }, '192.0.2.9', { 'x-forwarded-host': 'b.example' }],
    [{ addresses: ['fd00::/8'] }, 'fd00::1', { 'x-forwarded-for': '2001:db8::1, fd00::2' }],
  ] as const)('with %j from %s, %j: the same as Fastify', async (trust, remoteAddress, headers) => {
    for (const forwardedHost of [false, true]) {
      const app = await echo(trust as ProxyTrust, forwardedHost)
      const answer = await ask(app, remoteAddress, headers)
      expect(answer.raw).toEqual(answer.fastify)
      await app.close()
    }
  })

  it.each([
    [{ hops: 1 }, '127.0.0.1', 'garbage', '127.0.0.1'],
    [{ hops: 1 }, '127.0.0.1', 'garbage, 198.51.100.7', '198.51.100.7'],
    [{ hops: 1 }, '127.0.0.1', '198.51.100.7, ', '127.0.0.1'],
    [{ hops: 2 }, '127.0.0.1', '192.0.2.1, garbage, 10.0.0.2', '10.0.0.2'],
    [{ addresses: ['10.0.0.0/8'] }, '10.1.2.3', 'garbage, 10.9.9.9', '10.9.9.9'],
    [{ addresses: ['10.0.0.0/8'] }, '10.1.2.3', '198.51.100.7:5555', '10.1.2.3'],
    [{ addresses: ['fd00::/8'] }, 'fd00::1', 'not-an-address', 'fd00::1'],
  ] as const)(
    'with %j from %s, X-Forwarded-For %j: the client is %s, the hop that delivered what is no address',
    async (trust, remoteAddress, forwardedFor, client) => {
      const app = await echo(trust as ProxyTrust)
      const answer = await ask(app, remoteAddress, { 'x-forwarded-for': forwardedFor })
      expect(answer.fastify.ip).toBe(client)
      expect(answer.raw.ip).toBe(client)
      await app.close()
    },
  )

  it('reads X-Forwarded-Host only when it is trusted, and then only from a trusted peer', async () => {
    const headers = { 'x-forwarded-host': 'a.example, b.example' }
    const hops = await echo({ hops: 1 })
    expect((await ask(hops, '127.0.0.1', headers)).fastify.host).toBe('portal.example')
    await hops.close()
    const forwarded = await echo({ addresses: ['10.0.0.0/8'] }, true)
    expect((await ask(forwarded, '10.1.2.3', headers)).fastify.host).toBe('b.example')
    expect((await ask(forwarded, '192.0.2.9', headers)).fastify.host).toBe('portal.example')
    await forwarded.close()
  })
})

describe('limitKey', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['::ffff:c633:6407', '198.51.100.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:0:0:9', '2001:db8:1:2::/64'],
    ['2001:db8::1:2:3:4', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s counts as %s', (address, key) => {
    expect(limitKey(address)).toBe(key)
  })
})

const report: ClientErrorReport = {
  kind: 'error',
  message: 'TypeError: x is undefined',
  stack: null,
  page: '/trips',
  release: '0.1.0+abc123',
  api: null,
}

/**
 * The app behind one proxy (TRUST_PROXY=1), reached through `inject` from 127.0.0.1 as the proxy, and a second
 * instance that trusts only 10.0.0.0/8. Each request's X-Forwarded-For is what the client sent followed by the
 * address the proxy saw; the client picks the entries on the left, never the last.
 */
describe.each(backends)('behind trusted proxies on $name', (backend) => {
  let test: TestApp
  /** Trusts only 10.0.0.0/8, and reads the host from their X-Forwarded-Host (TRUST_FORWARDED_HOST). */
  let cidr: FastifyInstance
  /** TRUST_PROXY=1 with TRUST_FORWARDED_HOST. */
  let forwardedHost: FastifyInstance
  const limits = { invitationRateLimitPerMinute: 3, trackRateLimitPerMinute: 3 }
  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo'], config: { ...limits, trustProxy: { hops: 1 } } })
    cidr = await test.secondInstance({ trustProxy: { addresses: ['10.0.0.0/8'] }, trustForwardedHost: true })
    forwardedHost = await test.secondInstance({ trustForwardedHost: true })
  })
  afterAll(() => test.close())

  const login = (
    forwardedFor: string,
    userName: string,
    password = 'wrong-password-1',
    app: FastifyInstance = test.app,
  ) =>
    app.inject({
      method: 'POST',
      url: '/login',
      headers: {
        host: espooHost,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': forwardedFor,
      },
      payload: new URLSearchParams({ username: userName, password }).toString(),
    })

  it('counts 40 wrong passwords with spoofed leftmost addresses against the address the proxy saw', async () => {
    const sameUser: number[] = []
    const manyUsers: number[] = []
    for (let i = 1; i <= 40; i++) {
      sameUser.push((await login(`192.0.2.${i}, 198.51.100.77`, 'guardian')).statusCode)
      manyUsers.push((await login(`192.0.2.${i}, 198.51.100.78`, `nobody-${i}`)).statusCode)
    }
    // One username from one address: 5 free failures, then a wait.
    expect(sameUser.slice(0, 5)).toEqual(Array(5).fill(401))
    expect(sameUser[5]).toBe(429)
    // One address across usernames: 30 failures in 15 minutes.
    expect(manyUsers.slice(0, 30)).toEqual(Array(30).fill(401))
    expect(manyUsers.slice(30)).toEqual(Array(10).fill(429))
  })

  it('does not lock out an address that failures were sent "from"', async () => {
    const victim = '203.0.113.5'
    for (let i = 0; i < 31; i++) {
      const userName = i < 6 ? 'guardian' : `other-${i}`
      await login(`${victim}, 198.51.100.90`, userName)
    }
    expect((await login('198.51.100.90', 'someone')).statusCode).toBe(429)
    const signedIn = await login(victim, 'guardian', 'demo-guardian-2026')
    expect(signedIn.statusCode).toBe(303)
  })

  it('counts one IPv6 /64 as one address, and an IPv4-mapped address as its IPv4 one', async () => {
    // Five failures of one username from five addresses of one /64: the sixth attempt from the /64 waits.
    for (let i = 1; i <= 5; i++) expect((await login(`2001:db8:5:6:${i}::1`, 'single')).statusCode).toBe(401)
    expect((await login('2001:db8:5:6:ffff::9', 'single', 'demo-single-2026')).statusCode).toBe(429)
    expect((await login('2001:db8:5:7::1', 'single', 'demo-single-2026')).statusCode).toBe(303)

    const invitation = (forwardedFor: string) => lookUpInvitation(test.app, forwardedFor)
    for (const address of ['2001:db8:9:9::1', '2001:db8:9:9::2', '2001:db8:9:9:8::3']) {
      expect((await invitation(address)).statusCode).toBe(404)
    }
    expect((await invitation('2001:db8:9:9:ffff:ffff:ffff:ffff')).statusCode).toBe(429)
    expect((await invitation('2001:db8:9:a::1')).statusCode).toBe(404)
    for (let i = 0; i < 3; i++) await invitation('::ffff:198.51.100.200')
    expect((await invitation('198.51.100.200')).statusCode).toBe(429)
  })

  const lookUpInvitation = (app: FastifyInstance, forwardedFor: string, remoteAddress = '127.0.0.1') =>
    app.inject({
      url: '/api/invitation/no-such-invitation-code-0001',
      headers: { host: espooHost, 'x-forwarded-for': forwardedFor },
      remoteAddress,
    })

  /** The other per-address limits: a request from the client at `forwardedFor`'s end. */
  const perAddressLimits: [string, number, (forwardedFor: string) => Promise<{ statusCode: number }>][] = [
    [
      'invitations and travel cards',
      limits.invitationRateLimitPerMinute,
      (xff) => lookUpInvitation(test.app, xff),
    ],
    [
      'tracking links',
      limits.trackRateLimitPerMinute,
      (xff) =>
        test.app.inject({
          url: '/api/track/no-such-tracking-link-00001',
          headers: { host: espooHost, 'x-forwarded-for': xff },
        }),
    ],
    [
      'client error reports',
      clientErrorRate.limit,
      (xff) =>
        test.app.inject({
          method: 'POST',
          url: '/api/client-errors',
          headers: { host: espooHost, 'x-forwarded-for': xff },
          payload: report,
        }),
    ],
  ]

  it.each(perAddressLimits)(
    'limits %s by the address the proxy saw, and a spoofed one keeps its own limit',
    async (_name, limit, send) => {
      const [spoofer, victim] = [`198.51.100.${limit}`, `203.0.113.${limit}`]
      const answers: number[] = []
      for (let i = 0; i <= limit; i++)
        answers.push((await send(`${victim}, 192.0.2.${i}, ${spoofer}`)).statusCode)
      expect(answers.slice(0, limit)).not.toContain(429)
      expect(answers[limit]).toBe(429)
      expect((await send(victim)).statusCode).not.toBe(429)
    },
  )

  it('with a list of proxies, believes X-Forwarded-* only from those peers', async () => {
    // From a listed proxy: the client is the rightmost address that is not a listed proxy.
    for (let i = 0; i < 3; i++) {
      const answer = await lookUpInvitation(cidr, `192.0.2.${i}, 198.51.100.30, 10.9.9.9`, '10.1.2.3')
      expect(answer.statusCode).toBe(404)
    }
    expect((await lookUpInvitation(cidr, '198.51.100.30', '10.1.2.4')).statusCode).toBe(429)
    expect((await lookUpInvitation(cidr, '198.51.100.31', '10.1.2.3')).statusCode).toBe(404)
    // From a peer not listed, the headers are the client's own: it is the peer.
    for (let i = 0; i < 3; i++) {
      expect((await lookUpInvitation(cidr, `198.51.100.${40 + i}`, '192.0.2.50')).statusCode).toBe(404)
    }
    expect((await lookUpInvitation(cidr, '198.51.100.50', '192.0.2.50')).statusCode).toBe(429)

    const https = (remoteAddress: string) =>
      cidr.inject({
        method: 'POST',
        url: '/login',
        headers: {
          host: espooHost,
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-proto': 'https',
        },
        remoteAddress,
        payload: new URLSearchParams({ username: 'guardian', password: 'demo-guardian-2026' }).toString(),
      })
    expect(setCookieHeader(await https('10.1.2.3'), '__Host-portal_session_espoo')).toContain('Secure')
    const direct = await https('192.0.2.60')
    expect(setCookieHeader(direct, '__Host-portal_session_espoo')).toBeUndefined()
    expect(setCookieHeader(direct, 'portal_session_espoo')).not.toContain('Secure')

    const tenantOf = (remoteAddress: string) =>
      cidr.inject({
        url: '/api/auth/access_token',
        headers: { host: espooHost, 'x-forwarded-host': 'portal.unknown.example' },
        remoteAddress,
      })
    expect((await tenantOf('10.1.2.3')).json()).toMatchObject({ code: 'unknown_tenant' })
    expect((await tenantOf('192.0.2.60')).statusCode).toBe(200)
  })

  it('with TRUST_FORWARDED_HOST, resolves the tenant from the host the proxy forwarded, not one the client added', async () => {
    const tokenCall = (host: string) =>
      forwardedHost.inject({
        url: '/api/auth/access_token',
        headers: { host: 'internal.example:8080', 'x-forwarded-host': host },
      })
    expect((await tokenCall(`portal.unknown.example, ${espooHost}`)).json()).toMatchObject({
      accessToken: null,
    })
    expect((await tokenCall(`${espooHost}, portal.unknown.example`)).json()).toMatchObject({
      code: 'unknown_tenant',
    })
  })

  it('reads no X-Forwarded-Host under TRUST_PROXY alone: the Host header names the tenant', async () => {
    const tokenCall = (headers: Record<string, string>) =>
      test.app.inject({ url: '/api/auth/access_token', headers })
    const client = await tokenCall({ host: espooHost, 'x-forwarded-host': 'portal.unknown.example' })
    expect(client.statusCode, client.body).toBe(200)
    expect(client.json()).toMatchObject({ accessToken: null })
    const staging = await tokenCall({ host: 'internal.example:8080', 'x-forwarded-host': espooHost })
    expect(staging.json()).toMatchObject({ code: 'unknown_tenant' })
  })

  it('counts X-Forwarded-For entries that are not addresses against the hop that delivered them', async () => {
    // Through the trusted proxy at 127.0.0.9: each value would otherwise be a fresh address with a fresh window.
    const answers: number[] = []
    for (let i = 0; i <= limits.invitationRateLimitPerMinute; i++)
      answers.push((await lookUpInvitation(test.app, `garbage-${i}`, '127.0.0.9')).statusCode)
    expect(answers).toEqual([...Array(limits.invitationRateLimitPerMinute).fill(404), 429])
    // A listed proxy's entries likewise: the client is the proxy that wrote the garbage.
    const listed: number[] = []
    for (let i = 0; i <= limits.invitationRateLimitPerMinute; i++)
      listed.push((await lookUpInvitation(cidr, `garbage-${i}, 10.7.7.7`, '10.1.2.9')).statusCode)
    expect(listed).toEqual([...Array(limits.invitationRateLimitPerMinute).fill(404), 429])
    // Garbage the client put to the left of the address the proxy saw changes nothing.
    expect((await lookUpInvitation(test.app, 'garbage, 198.51.100.120', '127.0.0.9')).statusCode).toBe(404)
  })

  it('gives the embedded identity provider the protocol the proxy forwarded, not one the client added', async () => {
    const query = new URLSearchParams({
      client_id: 'portal-demo',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `http://${espooHost}/login/callback`,
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      state: 'state',
      nonce: 'nonce',
    })
    const authorize = (forwardedProto: string, app = test.app, remoteAddress = '127.0.0.1') =>
      app.inject({
        url: `/idp/auth?${query}`,
        headers: { host: espooHost, 'x-forwarded-proto': forwardedProto },
        remoteAddress,
      })
    const interactionCookie = (response: Awaited<ReturnType<typeof authorize>>) => {
      expect(response.statusCode).toBe(303)
      return setCookieHeader(response, '_interaction')!
    }
    expect(interactionCookie(await authorize('https, http'))).not.toMatch(/;\s*secure/i)
    expect(interactionCookie(await authorize('http, https'))).toMatch(/;\s*secure/i)
    expect(interactionCookie(await authorize('https', cidr, '192.0.2.70'))).not.toMatch(/;\s*secure/i)
  })
})
