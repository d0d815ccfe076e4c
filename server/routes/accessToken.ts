import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../src/contract/endpoints'
import { issueAccessToken, type KeyStore } from '../auth/accessTokens'
import { cookieSession } from '../auth/sessions'
import { registerEndpoint } from './registerEndpoint'

/** The portal's only way to an access token: the session cookie, exchanged for a short-lived JWT. */
export function registerAccessTokenRoute(app: FastifyInstance, keys: KeyStore, ttlSeconds: number): void {
  registerEndpoint(app, keys, endpoints.getAccessToken, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store')
    const session = await cookieSession(request)
    if (!session) return { accessToken: null, expiresIn: null }
    const key = await keys(request.tenant.id)
    const claims = { userId: session.userId, sessionId: session.sid }
    return {
      accessToken: await issueAccessToken(key, request.tenant.id, claims, ttlSeconds),
      expiresIn: ttlSeconds,
    }
  })
}
