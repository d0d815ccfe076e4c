import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { endpoints } from '../../src/contract/endpoints'
import { issueAccessToken, type KeyStore } from '../auth/accessTokens'
import { cookieSession, noteSessionLocale, slideSession } from '../auth/sessions'
import type { SessionLifetime } from '../domain/sessionLifetime'
import { registerEndpoint } from './registerEndpoint'

/**
 * The portal's only way to an access token: the session cookie, exchanged for a short-lived JWT. A call that
 * says the user was active slides the session; an open tab's refreshes alone do not keep it alive. The page's
 * locale is kept with the user (one write, only when it changed). The answer tells how long the session has
 * left, so the page keeps nothing it stores for the user past it.
 */
export function registerAccessTokenRoute(
  app: FastifyInstance,
  keys: KeyStore,
  ttlSeconds: number,
  lifetime: SessionLifetime,
): void {
  registerEndpoint(app, keys, endpoints.getAccessToken, async ({ request, reply, query }) => {
    reply.header('cache-control', 'no-store')
    const session = await cookieSession(request)
    // A slide finds no session when it ended meanwhile (signed out in another tab): then there is none.
    const endsAt =
      session && (query.active ? await slideSession(request, session.sid, lifetime) : session.expiresAt)
    if (!session || !endsAt) return { accessToken: null, expiresIn: null, sessionEndsIn: null }
    if (query.locale) await noteSessionLocale(request, session, query.locale)
    const key = await keys(request.tenant.id)
    const claims = { userId: session.userId, sessionId: session.sid }
    return {
      accessToken: await issueAccessToken(key, request.tenant.id, claims, ttlSeconds),
      expiresIn: ttlSeconds,
      sessionEndsIn: Math.max(0, Math.floor(endsAt.since(Temporal.Now.instant()).total({ unit: 'seconds' }))),
    }
  })
}
