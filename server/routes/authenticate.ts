import type { FastifyRequest } from 'fastify'
import { errorCodes } from '../../src/contract/common'
import type { Endpoint } from '../../src/contract/endpoints'
import { verifyAccessToken, type KeyStore } from '../auth/accessTokens'
import { hashApiKey } from '../auth/operatorKeys'
import { sessionUser } from '../auth/sessions'
import type { OperatorKeyRow } from '../db/repositories/operatorKeys'
import type { UserRow } from '../db/repositories/users'
import { HttpError } from '../errors/httpError'

/** Who is calling: a user, an operator's key, or nobody; `principal` scopes idempotency keys. */
export interface Caller {
  user: UserRow | null
  /** The session a user's token came from. */
  sessionId: string | null
  operatorKey: OperatorKeyRow | null
  principal: string | null
  /**
   * Whether the same credentials would pass again now, with no await (false when that needs a query): how the
   * poll front (server/plugins/pollReplay.ts) checks the caller of an answer it replays.
   */
  stillValid: () => boolean
}

const always = () => true

const bearerPattern = /^Bearer\s+(\S+)$/i

/**
 * The user of the request's bearer token in this tenant; 401 for a missing, invalid, expired or foreign token,
 * and for one whose session has ended. The session is usually in the in-process cache: no query.
 */
async function authenticateUser(
  request: FastifyRequest,
  keys: KeyStore,
): Promise<{ user: UserRow; sessionId: string; stillValid: () => boolean }> {
  const token = bearerPattern.exec(request.headers.authorization ?? '')?.[1]
  if (!token) throw new HttpError(401, errorCodes.unauthorized, 'A bearer access token is required')
  const tenant = request.tenant.id
  const key = await keys(tenant)
  const claims = verifyAccessToken(key, tenant, token)
  const user = claims ? await sessionUser(request, claims.sessionId) : null
  if (!claims || user?.id !== claims.userId)
    throw new HttpError(401, errorCodes.unauthorized, 'The access token is not valid')
  const { sessionCache } = request.server
  const { sessionId, userId } = claims
  const stillValid = () =>
    verifyAccessToken(key, tenant, token)?.sessionId === sessionId &&
    sessionCache.peek(tenant, sessionId)?.id === userId
  return { user, sessionId, stillValid }
}

/** The tenant's unrevoked operator key in `X-Api-Key`; 401 invalid_api_key otherwise (also another tenant's). */
async function authenticateOperator(request: FastifyRequest): Promise<OperatorKeyRow> {
  const key = request.headers['x-api-key']
  const found =
    typeof key === 'string' && key !== ''
      ? await request.db.operatorKeys.findActiveByHash(hashApiKey(key))
      : undefined
  if (!found)
    throw new HttpError(401, errorCodes.invalidApiKey, 'A valid operator API key (X-Api-Key) is required')
  return found
}

export async function authenticate(
  request: FastifyRequest,
  auth: Endpoint['auth'],
  keys: KeyStore,
): Promise<Caller> {
  if (auth === 'apiKey') {
    const operatorKey = await authenticateOperator(request)
    const principal = `operator:${operatorKey.id}`
    // A key is looked up by a query every time: never replayed.
    return { user: null, sessionId: null, operatorKey, principal, stillValid: () => false }
  }
  if (auth) {
    const { user, sessionId, stillValid } = await authenticateUser(request, keys)
    return { user, sessionId, operatorKey: null, principal: `user:${user.id}`, stillValid }
  }
  return { user: null, sessionId: null, operatorKey: null, principal: null, stillValid: always }
}
