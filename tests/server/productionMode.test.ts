import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testIdpMountPath } from '../../server/demo/testIdp/provider'
import { demoAccounts } from '../../server/demo/accounts'
import { demoOperatorKey } from '../../server/demo/operatorKeys'
import { startIdentityBroker, type IdentityBroker } from '../e2e/support/identityBroker'
import { freePort, startServer, type RunningServer } from '../e2e/support/server'
import { TestBrowser } from './support/browser'

/**
 * A production start (`DEMO=false` with an OpenID Connect configuration) of the real `server/start.ts`, its own
 * process over an empty database, against an identity broker on a port of its own: the embedded test provider,
 * standing in for the bank-id broker outside our machines. The process runs on embedded PGlite only: what is
 * tested is the start's configuration, which does not depend on the database.
 */
describe('a production start with DEMO=false and OpenID Connect', () => {
  let broker: IdentityBroker
  let portal: RunningServer

  beforeAll(async () => {
    const portalPort = await freePort()
    broker = await startIdentityBroker(portalPort)
    portal = await startServer({
      PORT: String(portalPort),
      DEMO: 'false',
      EMAIL: 'off',
      STATIC_DIR: 'none',
      ...broker.env,
    })
  }, 120_000)

  afterAll(async () => {
    await portal?.stop()
    await broker?.close()
  })

  it('mounts no test identity provider', async () => {
    const discovery = await fetch(`${portal.origin}${testIdpMountPath}/.well-known/openid-configuration`)
    expect(discovery.status).toBe(404)
    expect(await discovery.json()).toMatchObject({ code: 'not_found' })
  })

  it('seeds no demo accounts and accepts no demo operator key', async () => {
    const { userName, password } = demoAccounts.guardian
    const login = await fetch(`${portal.origin}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: userName, password }).toString(),
    })
    expect(login.status).toBe(401)

    const event = await fetch(`${portal.origin}/espoo/api/operator/trips/${randomUUID()}/events`, {
      method: 'POST',
      headers: {
        'x-api-key': demoOperatorKey('espoo'),
        'idempotency-key': randomUUID(),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ type: 'routed' }),
    })
    expect(event.status).toBe(401)
    expect(await event.json()).toMatchObject({ code: 'invalid_api_key' })
  })

  it('sends strong authentication to the configured issuer and signs the person in from its answer', async () => {
    const browser = new TestBrowser()
    const start = await browser.send(`${portal.origin}/espoo/login/strong?locale=sv`)
    expect(start.status).toBe(303)
    const authorization = new URL(String(start.headers.location))
    const authorizationUrl = `${authorization.origin}${authorization.pathname}`
    expect(authorizationUrl.startsWith(broker.env.OIDC_ISSUER)).toBe(true)
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: broker.env.OIDC_CLIENT_ID,
      redirect_uri: `${portal.origin}/espoo/login/callback`,
      code_challenge_method: 'S256',
      ui_locales: 'sv',
    })

    const identityPage = await browser.go(authorization.href)
    const action = identityPage.body.match(/action="([^"]+\/login)"/)?.[1]
    expect(action).toBeDefined()
    const done = await browser.go(new URL(action!, identityPage.url).href, {
      method: 'POST',
      form: { identity: 'demo-mikko-nieminen' },
    })
    expect(done.url).toBe(`${portal.origin}/espoo/`)

    const tokenAnswer = await browser.send(`${portal.origin}/espoo/api/auth/access_token`)
    const { accessToken } = JSON.parse(tokenAnswer.body) as { accessToken: string | null }
    expect(accessToken).toBeTruthy()
    const account = await fetch(`${portal.origin}/espoo/api/account`, {
      headers: { authorization: `Bearer ${accessToken}` },
    })
    expect(await account.json()).toMatchObject({
      name: 'Mikko Nieminen',
      hasPassword: false,
      identityVerified: true,
    })
  })
})
