import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { apiError, errorCodes } from '../../src/contract/common'
import type { Endpoint } from '../../src/contract/endpoints'
import type { KeyStore } from '../auth/accessTokens'
import { verifyAccessToken } from '../auth/accessTokens'
import type { UserRow } from '../db/repositories/users'
import { HttpError } from '../plugins/errors'

type Output<S> = S extends z.ZodType ? z.output<S> : undefined

export interface EndpointContext<E extends Endpoint> {
  request: FastifyRequest
  reply: FastifyReply
  /** The bearer token's user; null on endpoints without auth. */
  user: E['auth'] extends true ? UserRow : null
  params: Output<E['params']>
  query: Output<E['query']>
  body: Output<E['body']>
}

export type EndpointHandler<E extends Endpoint> = (
  context: EndpointContext<E>,
) => Promise<z.output<E['response']>>

const bearerPattern = /^Bearer\s+(\S+)$/i

/** The user of the request's bearer token in this tenant; 401 for a missing, invalid, expired or foreign token. */
async function authenticate(request: FastifyRequest, keys: KeyStore): Promise<UserRow> {
  const token = bearerPattern.exec(request.headers.authorization ?? '')?.[1]
  if (!token) throw new HttpError(401, errorCodes.unauthorized, 'A bearer access token is required')
  const userId = await verifyAccessToken(await keys(request.tenant.id), request.tenant.id, token)
  const user = userId ? await request.db.users.findById(userId) : undefined
  if (!user) throw new HttpError(401, errorCodes.unauthorized, 'The access token is not valid')
  return user
}

/** The OpenAPI tag of an endpoint: the segment after /api (account, auth, passenger). */
function tagOf(path: string): string {
  return path.split('/')[2] ?? 'api'
}

/**
 * Registers one call of `src/contract/endpoints.ts`: its zod schemas validate the request and serialize the
 * answer (and make the OpenAPI document), and `auth` endpoints get the bearer token's user.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  keys: KeyStore,
  endpoint: E,
  handler: EndpointHandler<E>,
): void {
  const errorResponses = endpoint.auth ? { 400: apiError, 401: apiError, 404: apiError } : { 400: apiError }
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [tagOf(endpoint.path)],
      ...(endpoint.auth ? { security: [{ bearerAuth: [] }] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response, ...errorResponses },
    },
    handler: async (request, reply) => {
      const user = endpoint.auth ? await authenticate(request, keys) : null
      const context = {
        request,
        reply,
        user,
        params: request.params,
        query: request.query,
        body: request.body,
      } as unknown as EndpointContext<E>
      return handler(context)
    },
  })
}
