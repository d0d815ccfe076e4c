import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as client from 'openid-client'
import { z } from 'zod'
import { isLocale, type Locale } from '../../../src/domain/locale'
import { isUniqueViolation, type UserRow } from '../../db/repositories/users'
import type { TenantDb } from '../../db/tenantDb'
import { pageLocale } from '../../i18n/pageLocale'
import { landingAfterSignIn } from '../../invitations/pendingAcceptance'
import { signTenantJwt, verifyTenantJwt, type KeyStore } from '../../auth/accessTokens'
import { sendLoginPage, type LoginPageDeps } from './loginRoutes'
import type { StrongAuthClient } from '../../auth/oidcClient'
import { cookieName, cookieOptions, startSession } from '../../auth/sessions'

const stateAudience = 'oidc-state'
const stateTtlSeconds = 600

/** The pending authorization of one browser, signed with the tenant's key so any instance can check it. */
const pendingLogin = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirectUri: z.string(),
  locale: z.string(),
})

function stateCookieName(request: FastifyRequest): string {
  return cookieName(request, `portal_oidc_${request.tenant.id}`)
}

/** Where the identity provider sends the browser back: the portal's root on the host it came from. */
function callbackUrl(request: FastifyRequest): string {
  return `${request.tenant.portalUrl}/login/callback`
}

/** Names from the identity's claims: `name`, else given and family name. */
function nameFromClaims(claims: client.IDToken): string {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
  const full =
    text(claims.name) || [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ')
  return full || claims.sub
}

/** The tenant's user with this identity, created on first login; strong authentication verifies the identity. */
async function userForIdentity(db: TenantDb, claims: client.IDToken): Promise<UserRow> {
  const existing = await db.users.findByIdentitySubject(claims.sub)
  if (existing) {
    if (!existing.identity_verified) await db.users.markIdentityVerified(existing.id)
    return { ...existing, identity_verified: true }
  }
  try {
    return await db.users.create({
      name: nameFromClaims(claims),
      identitySubject: claims.sub,
      identityVerified: true,
    })
  } catch (error) {
    // A concurrent first login of the same identity created the user.
    const created = isUniqueViolation(error) ? await db.users.findByIdentitySubject(claims.sub) : undefined
    if (!created) throw error
    return created
  }
}

export interface StrongAuthDeps extends LoginPageDeps {
  client: StrongAuthClient
  keys: KeyStore
}

/** GET /login/strong starts the authorization code flow (PKCE, state, nonce); GET /login/callback ends it. */
export function registerStrongAuthRoutes(app: FastifyInstance, deps: StrongAuthDeps): void {
  const failed = (request: FastifyRequest, reply: FastifyReply, status: number, locale: Locale) =>
    sendLoginPage(request, reply, deps, status, locale, (i18n) =>
      i18n._({ id: 'login.strong_failed', message: 'Strong authentication did not succeed. Try again.' }),
    )

  app.get('/login/strong', async (request, reply) => {
    const locale = pageLocale(request)
    let configuration: client.Configuration
    try {
      configuration = await deps.client.configuration()
    } catch (error) {
      request.log.error({ err: error }, 'identity provider discovery failed')
      return sendLoginPage(request, reply, deps, 503, locale, (i18n) =>
        i18n._({
          id: 'login.strong_unavailable',
          message: 'Strong authentication is not available right now. Try again later.',
        }),
      )
    }
    const pending = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      redirectUri: callbackUrl(request),
      locale,
    }
    const authorizationUrl = client.buildAuthorizationUrl(configuration, {
      redirect_uri: pending.redirectUri,
      scope: 'openid profile',
      code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
      ui_locales: locale,
      // Identification is asked every time, as the bank-id broker does: no silent sign-in from an old session.
      prompt: 'login',
    })
    const key = await deps.keys(request.tenant.id)
    const cookie = await signTenantJwt(key, pending, { audience: stateAudience, ttlSeconds: stateTtlSeconds })
    reply.setCookie(stateCookieName(request), cookie, cookieOptions(request, stateTtlSeconds))
    return reply.header('cache-control', 'no-store').redirect(authorizationUrl.href, 303)
  })

  app.get('/login/callback', async (request, reply) => {
    const name = stateCookieName(request)
    const token = request.cookies[name]
    const key = await deps.keys(request.tenant.id)
    const parsed = pendingLogin.safeParse(token ? verifyTenantJwt(key, token, stateAudience) : null)
    reply.clearCookie(name, cookieOptions(request))
    if (!parsed.success) return failed(request, reply, 400, pageLocale(request))
    const pending = parsed.data
    const locale = isLocale(pending.locale) ? pending.locale : pageLocale(request)
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
    let claims: client.IDToken | undefined
    try {
      const tokens = await client.authorizationCodeGrant(
        await deps.client.configuration(),
        new URL(`${pending.redirectUri}${query}`),
        {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        },
      )
      claims = tokens.claims()
    } catch (error) {
      request.log.info({ err: error }, 'strong authentication failed')
    }
    if (!claims) return failed(request, reply, 401, locale)
    const user = await userForIdentity(request.db, claims)
    await startSession(request, reply, user.id, deps.config.session, locale)
    const landing = await landingAfterSignIn(request, reply, user, locale, deps.i18n)
    return reply.header('cache-control', 'no-store').redirect(landing ?? `${request.tenant.pathPrefix}/`, 303)
  })
}
