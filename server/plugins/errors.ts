import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { errorCodes, type ApiError } from '../../src/contract/common'
import { HttpError, toApiErrorBody } from '../errors/httpError'

export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  // The bearer scheme is the portal's; an operator's missing key is not a bearer challenge.
  if (error.statusCode === 401 && error.code === errorCodes.unauthorized)
    reply.header('www-authenticate', 'Bearer')
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(error)
}

const codesByStatus: Record<number, string> = {
  400: errorCodes.badRequest,
  401: errorCodes.unauthorized,
  403: errorCodes.forbidden,
  404: errorCodes.notFound,
  413: errorCodes.payloadTooLarge,
  415: errorCodes.unsupportedMediaType,
  429: errorCodes.tooManyRequests,
}

/**
 * A PostgreSQL data exception (SQLSTATE class 22: a number, time or text the column cannot hold) comes from a
 * value the client sent that got past validation; it is the client's error, not the server's.
 */
export function isDataException(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    /^22[0-9A-Z]{3}$/.test(String(error.code))
  )
}

/** How a data exception is answered: 400 bad_request. */
export const unstorableValue = () =>
  new HttpError(400, errorCodes.badRequest, 'A value in the request cannot be stored')

/**
 * PostgreSQL's states of a server going away or refusing connections (class 08, shutdowns, cannot connect now,
 * too many connections) and of its time limits (server/db/sessionLimits.ts): a statement or a lock wait that
 * ran out (57014, 55P03), a session ended idle in its transaction (25P03).
 */
const unavailableStates = /^(?:08[0-9A-Z]{3}|57P0[123]|53300|57014|55P03|25P03)$/
/** A socket to the database refused, cut or never made. */
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
/**
 * node-postgres names a lost connection, a pool's connect timeout and a query unanswered past its deadline
 * (`query_timeout`, server/db/connect.ts) in words only.
 */
const unavailableMessages =
  /^(?:Connection terminated|Connection ended unexpectedly|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout)/

/**
 * Whether an error of the database driver says the database cannot be reached: stopped, restarting, out of
 * connections, the network to it cut or gone silent, or a lock held by such a connection. Nothing the client
 * did; the same request may well succeed shortly.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code === 'string' && (unavailableStates.test(code) || unavailableSocketCodes.has(code)))
    return true
  return typeof message === 'string' && unavailableMessages.test(message)
}

/** How long a client is asked to wait while the database is unreachable: a restart or failover takes seconds. */
export const unavailableRetryAfterSeconds = 5

/** The one shape of every error answer; a 4xx for anything the client sent wrong, never a 500. */
function toApiError(error: FastifyError | HttpError): ApiError {
  if (error instanceof HttpError) return toApiErrorBody(error)
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((issue) => ({
      property: issue.instancePath.slice(1).replaceAll('/', '.') || (error.validationContext ?? 'body'),
      error: issue.keyword,
    }))
    return { statusCode: 400, code: errorCodes.validation, message: 'The request is not valid', errors }
  }
  if (isDataException(error)) return toApiErrorBody(unstorableValue())
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    return {
      statusCode: status,
      code: codesByStatus[status] ?? errorCodes.badRequest,
      message: error.message,
    }
  }
  return { statusCode: 500, code: errorCodes.internal, message: 'Internal server error' }
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      // One line, not a stack: during an outage every request says the same.
      request.log.warn({ reason: error.message }, 'database unavailable')
      reply.header('retry-after', String(unavailableRetryAfterSeconds))
      return sendApiError(reply, {
        statusCode: 503,
        code: errorCodes.serviceUnavailable,
        message: 'The service is unavailable for a moment: try again shortly',
      })
    }
    const apiError = toApiError(error)
    if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed')
    else request.log.info({ statusCode: apiError.statusCode, code: apiError.code }, error.message)
    return sendApiError(reply, apiError)
  })
}
