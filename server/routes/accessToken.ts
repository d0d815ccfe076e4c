import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../src/contract/endpoints'
import { issueAccessToken, type KeyStore } from '../auth/accessTokens'
import { cookieSession, noteSessionLocale, slideSession } from '../auth/sessions'
import type { SessionLifetime } from '../domain/sessionLifetime'
import { registerEndpoint } from './registerEndpoint'

/**
 * The portal's only way to an access token: the session cookie, exchanged for a short-lived JWT. A call that
 * says the user was active slides the session; an open tab's refreshes alone do not keep it alive. The page's
 * locale is kept with the user (one write, only when it changed).
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
    if (!session) return { accessToken: null, expiresIn: null }
    if (query.active) await slideSession(request, session.sid, lifetime)
    if (query.locale) await noteSessionLocale(request, session, query.locale)
    const key = await keys(request.tenant.id)
    const claims = { userId: session.userId, sessionId: session.sid }
    return {
      accessToken: await issueAccessToken(key, request.tenant.id, claims, ttlSeconds),
      expiresIn: ttlSeconds,
    }
  })
}
