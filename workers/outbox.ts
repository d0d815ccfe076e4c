import { ApiRequestError } from '../src/api/errors'
import type { ApiClient, CallArgs } from '../src/api/client'
import { errorCodes } from '../src/contract'
import { commandOf } from '../src/commands/catalogue'
import { localRefusalCodes, type CommandError } from '../src/commands/definition'
import type { OutboxCommand } from '../src/commands/outboxCommand'
import {
  headsOfQueue,
  markAllSending,
  markRetry,
  releaseUnsent,
  resendDeadline,
  settleAll,
  type Settlement,
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
 *
 * The queue is read, marked sending and settled a window at a time (`replayWindow` commands), not a command at a
 * time: every write to the outbox makes each open screen read it again, and a queue of hundreds (a week
 * offline) written twice per command kept the page and the device's database busy far longer than the
 * requests. The requests still go one at a time; answers are stored when the window is done or the run stops.
 * A worker that dies before that leaves them `sending`, to be sent again with their keys and answered alike.
 */

/** Commands taken from the queue at a time (see above). */
export const replayWindow = 50

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
  const settled: Settlement[] = []
  const settle = async () => {
    await settleAll(deps.db, settled)
    for (const done of settled) {
      if ('error' in done) rejected.push({ ...done.command, status: 'rejected', lastError: done.error })
      else acked.push({ ...done.command, status: 'acked', response: done.response })
    }
    settled.length = 0
  }
  const stopped = async (stop: ReplayStop) => {
    await settle()
    return { stop, acked, rejected }
  }
  for (;;) {
    const window = await headsOfQueue(deps.db, replayWindow)
    const [head] = window
    if (!head) return stopped({ kind: 'empty' })
    const refusal = localRefusal(head, deps.now())
    if (refusal) {
      settled.push({ command: head.command, error: refusal })
      await settle()
      continue
    }
    if (!options.force && waitsForRetry(head.command, deps.now())) {
      return stopped({ kind: 'backoff', at: head.command.nextAttemptAt! })
    }
    // The head and those right behind it that may go as they are; a row to refuse, or one with a retry time of
    // its own, becomes the head of the next window.
    const end = window.findIndex(
      (next, index) =>
        index > 0 && (localRefusal(next, deps.now()) !== null || waitsForRetry(next.command, deps.now())),
    )
    const run = window.slice(0, end === -1 ? window.length : end).map((next) => next.command)
    const stop = await sendInOrder(deps, run, settled, settle)
    if (stop) return stopped(stop)
    await settle()
  }
}

function waitsForRetry(command: OutboxCommand, now: number): boolean {
  return command.nextAttemptAt !== null && command.nextAttemptAt > now
}

/**
 * Sends `run` one command at a time, each answer kept in `settled`; at a 401 or a failure that may pass, the
 * command stays pending (with its retry time) and those behind it go back to pending unsent.
 */
async function sendInOrder(
  deps: ReplayDeps,
  run: OutboxCommand[],
  settled: Settlement[],
  settle: () => Promise<void>,
): Promise<ReplayStop | null> {
  await markAllSending(
    deps.db,
    run.map((command) => command.id),
    deps.now(),
  )
  for (const [index, command] of run.entries()) {
    const outcome = await send(deps, command)
    if (outcome.kind === 'ok') settled.push({ command, response: outcome.response })
    else if (outcome.kind === 'reject') settled.push({ command, error: outcome.error })
    else {
      await settle()
      await releaseUnsent(deps.db, run.slice(index + 1))
      if (outcome.kind === 'unauthorized') {
        await markRetry(deps.db, command.id, outcome.error, null)
        return { kind: 'unauthorized', token: outcome.token }
      }
      const at = deps.now() + backoffMs(command.attempts + 1, deps.random())
      await markRetry(deps.db, command.id, outcome.error, at)
      return { kind: 'backoff', at }
    }
  }
  return null
}
