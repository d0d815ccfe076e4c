import { ApiRequestError } from '../../src/api/errors'
import type { ApiClient } from '../../src/api/client'
import { apiError, endpoints, type ApiError } from '../../src/contract'
import {
  commandBatchMaxBytes,
  commandBatchMaxCount,
  type BatchedCommand,
  type CommandAnswer,
} from '../../src/contract/commandBatch'
import { classifyFailure, type FailureKind } from '../../src/contract/failureKind'
import { commandOf } from '../../src/commands/catalogue'
import { localRefusalCodes, type CommandError } from '../../src/commands/definition'
import type { OutboxCommand } from '../../src/commands/outboxCommand'
import {
  headsOfQueue,
  markAllSending,
  markRetry,
  resendDeadline,
  settleAll,
  type Settlement,
} from './replayRows'
import type { PortalDb } from '../../src/db/portalDb'

/**
 * The outbox's replay, shared by the sync worker (workers/syncEngine.ts) and the service worker
 * (sw/outboxSync.ts), and tested without either. One run sends the waiting commands in `seq` order, each under
 * its id as its Idempotency-Key, so a command sent twice (a lost answer, a worker that died while it was
 * `sending`) is applied once: the server answers the second time with its first answer.
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
 * requests. A window's commands go in batches (`POST api/command/batch`, src/contract/commandBatch.ts), one
 * request at a time: the server runs each command as its own call would, in order, and stops after the first
 * that is to be tried again, so nothing overtakes it; the commands behind it go back to pending, still counted
 * as sent (another copy of the same request may yet run them). Answers are
 * stored when the window is done or the run stops. A worker that dies before that leaves them `sending`, to be
 * sent again with their keys and answered alike.
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

/** Why a command failed, as it is stored: the status, and the code and field errors of the server's answer. */
function commandError(status: number, body: ApiError | null): CommandError {
  return {
    status,
    code: body?.code ?? (status === 0 ? 'network_error' : `http_${status}`),
    ...(body?.errors ? { errors: body.errors } : {}),
  }
}

/** The command as its batch carries it: its call, and only what the contract defines of its request. */
function batched(command: OutboxCommand): BatchedCommand {
  const { endpoint, request } = commandOf(command.type)
  return { key: command.id, call: endpoint, ...request(command.payload) }
}

/** The batch's body in `{"commands":[...]}` with no command, in bytes. */
const batchEnvelopeBytes = 15
const utf8 = new TextEncoder()

/** What one batch may carry: the contract's limits (a test gives smaller ones to see a batch end early). */
export interface BatchLimits {
  count: number
  bytes: number
}
const contractLimits: BatchLimits = { count: commandBatchMaxCount, bytes: commandBatchMaxBytes }

/**
 * `run` in batches, in order: at most `limits.count` commands and `limits.bytes` of JSON each (a batch holds at
 * least one command; one alone is far below the limit, as the contract bounds what it carries). Fifty of the
 * largest commands the contract takes come to about 960 KB today: the byte limit guards a contract that grows.
 */
export function batchesOf(
  run: OutboxCommand[],
  limits: BatchLimits = contractLimits,
): { commands: OutboxCommand[]; items: BatchedCommand[] }[] {
  const batches: { commands: OutboxCommand[]; items: BatchedCommand[]; bytes: number }[] = []
  for (const command of run) {
    const item = batched(command)
    const bytes = utf8.encode(JSON.stringify(item)).length + 1
    const last = batches.at(-1)
    if (last && last.commands.length < limits.count && last.bytes + bytes <= limits.bytes) {
      last.commands.push(command)
      last.items.push(item)
      last.bytes += bytes
    } else {
      batches.push({ commands: [command], items: [item], bytes: batchEnvelopeBytes + bytes })
    }
  }
  return batches
}

/**
 * A command's own answer in its batch. A 2xx that does not match the contract still counts as done: the server
 * did act, and the pull that follows the ack brings the read models up to date.
 */
function outcomeOf(command: OutboxCommand, answer: CommandAnswer, token: string | null): Outcome {
  const { status, body } = answer
  if (status >= 200 && status < 300) {
    const parsed = endpoints[commandOf(command.type).endpoint].response.safeParse(body)
    return { kind: 'ok', response: parsed.success ? parsed.data : null }
  }
  const problem = apiError.safeParse(body)
  const error = commandError(status, problem.success ? problem.data : null)
  return { kind: classifyFailure(status, problem.success ? problem.data.code : null), error, token }
}

/**
 * One batch, one request: the outcome of each command in order, up to the first that stops the run (then the
 * last), or of all.
 */
async function sendBatch(
  deps: ReplayDeps,
  commands: OutboxCommand[],
  items: BatchedCommand[],
): Promise<Outcome[]> {
  const token = deps.token()
  let answers: CommandAnswer[]
  try {
    answers = (await deps.api.call('runCommands', { body: { commands: items } })).answers
  } catch (failure) {
    // No command's answer: the head is tried again (after a sign-in at a 401), and the rest with it.
    const status = failure instanceof ApiRequestError ? failure.status : 0
    const error = commandError(status, failure instanceof ApiRequestError ? failure.body : null)
    return [{ kind: status === 401 ? 'unauthorized' : 'retry', error, token }]
  }
  const outcomes: Outcome[] = []
  for (const [index, answer] of answers.slice(0, commands.length).entries()) {
    if (answer.status >= 500) reportCommandFailure(deps, commands[index]!, answer.status)
    const outcome = outcomeOf(commands[index]!, answer, token)
    outcomes.push(outcome)
    if (outcome.kind === 'retry' || outcome.kind === 'unauthorized') return outcomes
  }
  if (outcomes.length === commands.length) return outcomes
  // Fewer answers and none to stop at, outside the contract: the first without one is tried again.
  return [...outcomes, { kind: 'retry', error: commandError(200, null), token }]
}

/** A command's own 5xx, which its batch's request does not show: error reporting hears of it as of a call's. */
function reportCommandFailure(deps: ReplayDeps, command: OutboxCommand, status: number): void {
  const name = commandOf(command.type).endpoint
  const { method, path } = endpoints[name]
  deps.api.reportFailure({
    endpoint: name,
    status,
    message: `${method} ${path} answered ${status} in a batch`,
  })
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
 * Sends `run` in batches, each answer kept in `settled`. At a 401 or a failure that may pass, the command stays
 * pending (with its retry time) and those behind it go back to pending: the rest of its batch still counted as
 * sent, the later batches, which never left, as they were.
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
  const batches = batchesOf(run)
  for (const [number, { commands, items }] of batches.entries()) {
    const outcomes = await sendBatch(deps, commands, items)
    for (const [index, outcome] of outcomes.entries()) {
      const command = commands[index]!
      if (outcome.kind === 'ok') settled.push({ command, response: outcome.response })
      else if (outcome.kind === 'reject') settled.push({ command, error: outcome.error })
      else {
        await settle()
        // The rest of this batch left the device: even when the server says it stopped before them, another
        // copy of the same request (a proxy's retry, one held in the network) may run them, so they stay
        // counted as sent for `resendDeadline`. Only the later batches never left.
        const behind = {
          unsent: batches.slice(number + 1).flatMap((batch) => batch.commands),
          unanswered: commands.slice(index + 1),
        }
        if (outcome.kind === 'unauthorized') {
          await markRetry(deps.db, command.id, outcome.error, null, behind)
          return { kind: 'unauthorized', token: outcome.token }
        }
        const at = deps.now() + backoffMs(command.attempts + 1, deps.random())
        await markRetry(deps.db, command.id, outcome.error, at, behind)
        return { kind: 'backoff', at }
      }
    }
  }
  return null
}
