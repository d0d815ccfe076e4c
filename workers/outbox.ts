import { ApiRequestError } from '../src/api/errors'
import type { ApiClient, CallArgs } from '../src/api/client'
import { errorCodes } from '../src/contract'
import { commandOf } from '../src/commands/catalogue'
import { localRefusalCodes, type CommandError } from '../src/commands/definition'
import type { OutboxCommand } from '../src/commands/outboxCommand'
import {
  headOfQueue,
  markAcked,
  markRejected,
  markRetry,
  markSending,
  resendDeadline,
} from '../src/db/outboxReplay'
import type { PortalDb } from '../src/db/portalDb'

/**
 * The outbox's replay, shared by the sync worker (workers/syncEngine.ts) and the service worker
 * (sw/outboxSync.ts), and tested without either. One run sends the waiting commands one at a time in `seq`
 * order, each with `Idempotency-Key: <id>`, so a command sent twice (a lost answer, a worker that died while
 * it was `sending`) is applied once: the server answers the second time with its first answer.
 *
 * A run stops when the queue is empty, when the head must wait for its retry time, or at a 401. Nothing
 * overtakes the head, so commands reach the server in the order they were made. The replayer refuses the head
 * by itself, and goes on, when it must not be sent: a row that does not match the contract, and one whose first
 * request is so old that the server may have forgotten its key (`resendDeadline`), which sent again could run
 * twice. Each is told to the user like the server's refusals.
 */

/** The first retry waits about this long; each further failure doubles it, up to the cap. */
export const backoffBaseMs = 2_000
export const backoffCapMs = 5 * 60_000

/**
 * Exponential backoff with "equal jitter": half the delay is fixed and half random, so devices that lost the
 * network together do not all come back at the same moment.
 */
export function backoffMs(attempts: number, random: number): number {
  const exponent = Math.max(0, attempts - 1)
  const delay = Math.min(backoffCapMs, backoffBaseMs * 2 ** Math.min(exponent, 30))
  return Math.round(delay / 2 + (random * delay) / 2)
}

export type FailureKind = 'unauthorized' | 'retry' | 'reject'

/**
 * What a failed request means for its command. A network failure (status 0), 408, 429, 5xx and a key still
 * in flight may pass; a 401 waits for a token; any other 4xx is the server's final word.
 */
export function classifyFailure(status: number, code: string | null): FailureKind {
  if (status === 401) return 'unauthorized'
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'retry'
  if (status === 409 && code === errorCodes.idempotencyInFlight) return 'retry'
  return 'reject'
}

export interface ReplayDeps {
  db: PortalDb
  /** The typed client; its token getter is the replayer's current token. */
  api: ApiClient
  /** The token the next request carries (the client's own getter), to tell which token a 401 refused. */
  token(): string | null
  /** Epoch milliseconds. */
  now(): number
  /** In [0, 1), for the jitter. */
  random(): number
}

export type ReplayStop =
  | { kind: 'empty' }
  /** The head waits for its retry time (epoch milliseconds). */
  | { kind: 'backoff'; at: number }
  /** The head was refused for this token: go on with the same command once another token arrives. */
  | { kind: 'unauthorized'; token: string | null }

export interface ReplayResult {
  stop: ReplayStop
  acked: OutboxCommand[]
  rejected: OutboxCommand[]
}

type Outcome =
  { kind: 'ok'; response: unknown } | { kind: FailureKind; error: CommandError; token: string | null }

/** The command's call as its catalogue entry makes it: only what the contract defines is sent. */
async function send(deps: ReplayDeps, command: OutboxCommand): Promise<Outcome> {
  const headers = { 'Idempotency-Key': command.id }
  const token = deps.token()
  try {
    const { endpoint, request } = commandOf(command.type)
    // Each definition's request was checked against its own endpoint; the union of all of them loses that pairing.
    const args = { ...request(command.payload), headers } as CallArgs<typeof endpoint>
    return { kind: 'ok', response: await deps.api.call(endpoint, args) }
  } catch (failure) {
    const status = failure instanceof ApiRequestError ? failure.status : 0
    // A 2xx that does not match the contract: the server did act, so the command is done; the pull that
    // follows the ack brings the read models up to date.
    if (status >= 200 && status < 300) return { kind: 'ok', response: null }
    const body = failure instanceof ApiRequestError ? failure.body : null
    const error: CommandError = {
      status,
      code: body?.code ?? (status === 0 ? 'network_error' : `http_${status}`),
      ...(body?.errors ? { errors: body.errors } : {}),
    }
    return { kind: classifyFailure(status, body?.code ?? null), error, token }
  }
}

/** Why the head must not be sent, if so: a refusal the replayer makes by itself. */
function localRefusal(head: { command: OutboxCommand; valid: boolean }, now: number): CommandError | null {
  if (!head.valid) return { status: 0, code: localRefusalCodes.invalid }
  const deadline = resendDeadline(head.command)
  return deadline !== null && now >= deadline ? { status: 0, code: localRefusalCodes.unconfirmed } : null
}

/**
 * One replay run. `force` sends the head even before its retry time (the network came back, or the user asked).
 * Resolves when the run stops; a command is never dropped, only acked, rejected, or left pending.
 */
export async function replayOutbox(
  deps: ReplayDeps,
  options: { force?: boolean } = {},
): Promise<ReplayResult> {
  const acked: OutboxCommand[] = []
  const rejected: OutboxCommand[] = []
  const reject = async (head: OutboxCommand, error: CommandError) => {
    await markRejected(deps.db, head.id, error)
    rejected.push({ ...head, status: 'rejected', lastError: error })
  }
  for (;;) {
    const next = await headOfQueue(deps.db)
    if (!next) return { stop: { kind: 'empty' }, acked, rejected }
    const head = next.command
    const refusal = localRefusal(next, deps.now())
    if (refusal) {
      await reject(head, refusal)
      continue
    }
    if (!options.force && head.nextAttemptAt !== null && head.nextAttemptAt > deps.now()) {
      return { stop: { kind: 'backoff', at: head.nextAttemptAt }, acked, rejected }
    }
    await markSending(deps.db, head.id, deps.now())
    const outcome = await send(deps, head)
    switch (outcome.kind) {
      case 'ok':
        await markAcked(deps.db, head, outcome.response)
        acked.push({ ...head, status: 'acked', response: outcome.response })
        break
      case 'reject':
        await reject(head, outcome.error)
        break
      case 'unauthorized':
        await markRetry(deps.db, head.id, outcome.error, null)
        return { stop: { kind: 'unauthorized', token: outcome.token }, acked, rejected }
      case 'retry': {
        const at = deps.now() + backoffMs(head.attempts + 1, deps.random())
        await markRetry(deps.db, head.id, outcome.error, at)
        return { stop: { kind: 'backoff', at }, acked, rejected }
      }
    }
  }
}
