import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  commandBatchMaxBytes,
  type BatchedCommand,
  type CommandAnswer,
} from '../../src/contract/commandBatch'
import { errorCodes, type FieldError } from '../../src/contract/common'
import { endpoints, fillPath, pathParams } from '../../src/contract/endpoints'
import { batchGoesOn } from '../../src/contract/failureKind'
import type { KeyStore } from '../auth/accessTokens'
import { HttpError } from '../errors/httpError'
import { registerEndpoint } from './registerEndpoint'

/** Headers about the batch's own message, not about its caller: each command's request has its own. */
const messageHeaders = new Set([
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
  'accept-encoding',
  'connection',
  'keep-alive',
  'expect',
  'if-none-match',
  'idempotency-key',
])

/** The batch's headers that each command's request carries too: the caller's (token, tenant, host, language). */
function callerHeaders(request: FastifyRequest) {
  return Object.fromEntries(Object.entries(request.headers).filter(([name]) => !messageHeaders.has(name)))
}

/** A path parameter a command's call needs and the command lacks, for each. */
function missingParams(commands: BatchedCommand[]): FieldError[] {
  return commands.flatMap((command, index) =>
    pathParams(endpoints[command.call].path)
      .filter((name) => command.params?.[name] === undefined)
      .map((name) => ({ property: `commands.${index}.params.${name}`, error: 'invalid_type' })),
  )
}

/**
 * One command, through the app's own route of its call (`inject`): the same validation, authentication,
 * idempotency (its key, per user and tenant), handler and answer as if it had come alone, from the same caller,
 * address and tenant.
 */
async function runCommand(request: FastifyRequest, command: BatchedCommand): Promise<CommandAnswer> {
  const endpoint = endpoints[command.call]
  const response = await request.server.inject({
    method: endpoint.method,
    url: `${request.tenant.pathPrefix}${fillPath(endpoint.path, command.params)}`,
    remoteAddress: request.socket.remoteAddress,
    headers: {
      ...callerHeaders(request),
      'idempotency-key': command.key,
      ...(command.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(command.body === undefined ? {} : { payload: JSON.stringify(command.body) }),
  })
  return {
    status: response.statusCode,
    // Every answer under /api is JSON (the error handler's too).
    body: response.body ? (JSON.parse(response.body) as unknown) : null,
    replayed: response.headers['idempotent-replayed'] === 'true',
  }
}

function codeOf(body: unknown): string | null {
  const code = (body as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : null
}

/**
 * `POST api/command/batch` (src/contract/commandBatch.ts): the outbox's commands of a window in one request.
 * They run one after another, in order, and the batch stops after the first to be tried again (src/contract's
 * `batchGoesOn`), so that nothing behind it overtakes it.
 */
export function registerCommandBatchRoute(app: FastifyInstance, keys: KeyStore): void {
  registerEndpoint(
    app,
    keys,
    endpoints.runCommands,
    async ({ request, body }) => {
      const missing = missingParams(body.commands)
      if (missing.length > 0) {
        throw new HttpError(400, errorCodes.validation, 'A command lacks a parameter of its path', missing)
      }
      const answers: CommandAnswer[] = []
      for (const command of body.commands) {
        const answer = await runCommand(request, command)
        answers.push(answer)
        if (!batchGoesOn(answer.status, codeOf(answer.body))) break
      }
      return { answers }
    },
    { bodyLimit: commandBatchMaxBytes },
  )
}
