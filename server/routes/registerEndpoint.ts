import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { apiError } from '../../src/contract/common'
import type { Endpoint } from '../../src/contract/endpoints'
import type { KeyStore } from '../auth/accessTokens'
import type { OperatorKeyRow } from '../db/repositories/operatorKeys'
import type { UserRow } from '../db/repositories/users'
import { idempotencyHeaders, requiredIdempotencyHeaders } from '../idempotency/fingerprint'
import {
  beginIdempotent,
  finishIdempotent,
  idempotencyConflict,
  runIdempotent,
} from '../idempotency/idempotency'
import { jsonType, namesEtag, SerializedAnswer } from '../reads/answerCache'
import type { ReplayConditions } from '../plugins/pollReplay'
import { authenticate, type Caller } from './authenticate'

type Output<S> = S extends z.ZodType ? z.output<S> : undefined

export interface EndpointContext<E extends Endpoint> {
  request: FastifyRequest
  reply: FastifyReply
  /** The bearer token's user; null on endpoints without bearer auth. */
  user: E['auth'] extends true ? UserRow : null
  /** The public id of the session the bearer token came from; null on endpoints without bearer auth. */
  sessionId: E['auth'] extends true ? string : null
  /** The operator API key of `apiKey` endpoints; null elsewhere. */
  operatorKey: E['auth'] extends 'apiKey' ? OperatorKeyRow : null
  params: Output<E['params']>
  query: Output<E['query']>
  body: Output<E['body']>
  /**
   * A polled call's handler declares its serialized answer replayable by the poll front (the conditions of
   * server/plugins/pollReplay.ts), besides the caller's own check; on other calls it changes nothing.
   */
  replayable(conditions: ReplayConditions): void
}

const replayKey = Symbol('replayable answer')
type Replaying = FastifyRequest & {
  [replayKey]?: { answer: SerializedAnswer<unknown>; conditions: ReplayConditions }
}

/**
 * The handler's conditions and the caller's own check. Made out here, not in the handler, so that the kept
 * closure holds no request (a closure keeps its whole scope's captured variables alive).
 */
function withCaller(conditions: ReplayConditions, caller: Caller): ReplayConditions {
  const { admit } = conditions
  const { stillValid } = caller
  return { ...conditions, admit: admit ? (address) => stillValid() && admit(address) : stillValid }
}

/** A polled route's hooks: the front's read body goes to the parser, and its answer to the front. */
function replayHooks(app: FastifyInstance) {
  return {
    preParsing: app.pollReplay.preParsing,
    onSend: (
      request: Replaying,
      reply: FastifyReply,
      payload: unknown,
      done: (error: null, payload: unknown) => void,
    ) => {
      const replayable = request[replayKey]
      if (replayable) request.server.pollReplay.keep(request, reply, replayable.answer, replayable.conditions)
      done(null, payload)
    },
  }
}

/** A handler's answer: a value of the response schema, or (reads) one serialized by the answer cache. */
export type EndpointHandler<E extends Endpoint> = (
  context: EndpointContext<E>,
) => Promise<z.output<E['response']> | SerializedAnswer<z.output<E['response']>>>

/** The OpenAPI tag of an endpoint: the segment after /api (account, auth, passenger, trip, operator). */
function tagOf(path: string): string {
  return path.split('/')[2] ?? 'api'
}

/**
 * Every call except GET and the read-only POSTs changes state, and takes an Idempotency-Key; a batch changes it
 * only through the calls it carries, each under a key of its own.
 */
const isStateChanging = (endpoint: Endpoint) =>
  endpoint.method !== 'GET' && !endpoint.readOnly && !endpoint.batch

/**
 * Reads are the hot path and answer views the server built itself, typed by the contract (EndpointHandler) and
 * checked against it by tests/server/readAnswers.test.ts: they are serialized without running the schema again.
 * Calls that change state keep the schema's check on the way out.
 */
const trustedSerializer = () => (data: unknown) => JSON.stringify(data)

function securityOf(endpoint: Endpoint) {
  if (endpoint.auth === 'apiKey') return { security: [{ apiKey: [] }] }
  return endpoint.auth ? { security: [{ bearerAuth: [] }] } : {}
}

/** The documented error answers, all of the `apiError` shape. */
function errorResponses(endpoint: Endpoint) {
  return {
    400: apiError,
    ...(endpoint.auth ? { 401: apiError, 404: apiError } : {}),
    ...(isStateChanging(endpoint) ? { 409: idempotencyConflict, 422: apiError } : {}),
    ...Object.fromEntries((endpoint.errorStatuses ?? []).map((status) => [status, apiError])),
  }
}

/**
 * A cached answer with its ETag; 304 with no body when the client already has it, which a poller sends every
 * time nothing changed. `no-cache`: a browser may keep it but asks again each time; `private`: no shared cache.
 */
function sendSerialized(request: FastifyRequest, reply: FastifyReply, answer: SerializedAnswer<unknown>) {
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache')
  if (namesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send()
  return reply.type(jsonType).send(answer.bytes)
}

export interface EndpointOptions {
  /**
   * Polled by every open view (trip status, tracking links): its answers are a few hundred bytes, under the
   * compression threshold, so the compression hooks are left off its route.
   */
  polled?: true
  /**
   * Counts the call against its user's limit (throwing 429), once the user is known and before an
   * Idempotency-Key is claimed, so that a limited call is never stored as the key's answer.
   */
  limit?: (request: FastifyRequest, reply: FastifyReply, user: UserRow) => void
  /** The largest body, in bytes, when the app's default is too small for the call (a batch of commands). */
  bodyLimit?: number
}

const callerKey = Symbol('caller')
/** A request whose caller was authenticated before its body was read (a call with a larger body limit). */
type Authenticated = FastifyRequest & { [callerKey]?: Caller }

/** The options of a polled call. */
export const polled: EndpointOptions = { polled: true }

/**
 * Registers one call of the contract: its zod schemas validate the request and, on calls that change state, the
 * answer (and make the OpenAPI document); `auth` endpoints get the bearer token's user, `apiKey` ones the operator's key; and
 * state-changing calls are idempotent per tenant, caller and Idempotency-Key (server/idempotency/).
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  keys: KeyStore,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions = {},
): void {
  const stateChanging = isStateChanging(endpoint)
  if (options.polled) app.pollReplay.route(endpoint.method, endpoint.path, endpoint.query !== undefined)
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [tagOf(endpoint.path)],
      ...securityOf(endpoint),
      ...(stateChanging
        ? { headers: endpoint.idempotencyKeyRequired ? requiredIdempotencyHeaders : idempotencyHeaders }
        : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response, ...errorResponses(endpoint) },
    },
    ...(stateChanging ? {} : { serializerCompiler: trustedSerializer }),
    // A body larger than the app's default is read only for a caller who may send one: the credentials are
    // checked before it arrives, so that anyone cannot make the server read a megabyte.
    ...(options.bodyLimit
      ? {
          bodyLimit: options.bodyLimit,
          onRequest: async (request: FastifyRequest) => {
            ;(request as Authenticated)[callerKey] = await authenticate(request, endpoint.auth, keys)
          },
        }
      : {}),
    ...(options.polled ? { compress: false as const, ...replayHooks(app) } : {}),
    ...(stateChanging
      ? {
          onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
            await finishIdempotent(request, reply, payload)
            return payload
          },
        }
      : {}),
    handler: async (request, reply) => {
      const caller =
        (request as Authenticated)[callerKey] ?? (await authenticate(request, endpoint.auth, keys))
      if (options.limit && caller.user) options.limit(request, reply, caller.user)
      if (stateChanging && caller.principal) {
        if (await beginIdempotent(request, reply, caller.principal)) return reply
      }
      const context = {
        request,
        reply,
        user: caller.user,
        sessionId: caller.sessionId,
        operatorKey: caller.operatorKey,
        params: request.params,
        query: request.query,
        body: request.body,
        replayable: (conditions: ReplayConditions) => {
          replayable = conditions
        },
      } as unknown as EndpointContext<E>
      let replayable: ReplayConditions | undefined
      const answer = await runIdempotent(request, reply, () => handler(context))
      // The caller's next poll, here, must see this call's own change (server/reads/versionWatch.ts).
      if (stateChanging) await request.server.versionWatch.settled()
      if (!(answer instanceof SerializedAnswer)) return answer
      if (replayable && options.polled) {
        ;(request as Replaying)[replayKey] = { answer, conditions: withCaller(replayable, caller) }
      }
      return sendSerialized(request, reply, answer)
    },
  })
}
