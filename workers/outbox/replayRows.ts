import { Temporal } from 'temporal-polyfill'
import { message, trip, type Message, type Trip } from '../../src/contract'
import { idempotencyKeyRetention } from '../../src/contract/codes'
import { commandOf } from '../../src/commands/catalogue'
import type { CommandError } from '../../src/commands/definition'
import type { OutboxCommand } from '../../src/commands/outboxCommand'
import { storedCommand } from '../../src/db/views'
import type { PortalDb } from '../../src/db/portalDb'
import { validCommands } from './rowSchema'

/**
 * The replayer's side of the outbox (workers/outbox/replay.ts, in the sync worker or the service worker): take the
 * head of the queue, move it through sending to acked or rejected, prune what is settled. The page's side is
 * src/db/outbox.ts. Here every row is checked against the contract, since what is sent must match it: a row
 * that does not (tampered with, or half-formed) is never sent. Only the workers load this module and zod.
 */

/**
 * The head of the queue and the commands behind it, up to `count`, in `seq` order: the first commands not
 * answered for good, which nothing overtakes. `valid` is false for a row that does not match the contract; it is
 * then as stored, and must be refused, never sent. One read serves many sends: the waiting rows are read and
 * sorted once, not once per command (a queue of hundreds would read them hundreds of times).
 */
export async function headsOfQueue(
  db: PortalDb,
  count: number,
): Promise<{ command: OutboxCommand; valid: boolean }[]> {
  const rows = (await db.outbox.where('status').anyOf('pending', 'sending').sortBy('seq')).slice(0, count)
  return rows.map((row) => {
    const [valid] = validCommands([row])
    return valid ? { command: valid, valid: true } : { command: storedCommand(row), valid: false }
  })
}

/**
 * The server keeps a key's answer `idempotencyKeyRetention` from when it first saw the key. The device's clock
 * may be behind the server's, and a first request may reach the server later than it left: stop sending again
 * this much earlier.
 */
export const resendMargin = { hours: 48 } as const

/**
 * Epoch milliseconds from which the command is not sent again, because the server may have forgotten its key by
 * then and would run it a second time; null for a command never sent, which may go whenever it can. A row stored
 * before `firstSentAt` existed counts from its creation, which is no later than its first send.
 */
export function resendDeadline(command: OutboxCommand): number | null {
  if (command.attempts === 0) return null
  const first = command.firstSentAt ?? Temporal.Instant.from(command.createdAt).epochMilliseconds
  return Temporal.Instant.fromEpochMilliseconds(first).add(idempotencyKeyRetention).subtract(resendMargin)
    .epochMilliseconds
}

/**
 * Before the requests of commands about to leave one after another, at `now` (epoch milliseconds), in one
 * write: a worker that dies now leaves them `sending`, and the next one sends them again. The first request's
 * time is kept for `resendDeadline`. Until each has gone it counts as sent, which only errs on the safe side:
 * sent again with its key, or refused once its key may be forgotten.
 */
export async function markAllSending(db: PortalDb, ids: string[], now: number): Promise<void> {
  await db.outbox
    .where('id')
    .anyOf(ids)
    .modify((row) => {
      row.status = 'sending'
      if (row.attempts === 0) row.firstSentAt = now
      row.attempts += 1
    })
}

/**
 * The run stopped at a failure that may pass (network, 5xx, 408, 429, in flight; not before `nextAttemptAt`) or a
 * 401 (`nextAttemptAt` null): the command is pending again, and so are those marked sending behind it, in one
 * write. `unsent` did not leave, or the server said it did not run them: as they were before. `unanswered` left
 * in a request that brought no answer of theirs, so the server may have run them: they stay counted as sent, for
 * `resendDeadline`.
 */
export async function markRetry(
  db: PortalDb,
  id: string,
  error: CommandError,
  nextAttemptAt: number | null,
  behind: { unsent: OutboxCommand[]; unanswered: OutboxCommand[] } = { unsent: [], unanswered: [] },
): Promise<void> {
  await db.transaction('rw', [db.outbox], async () => {
    await db.outbox.update(id, { status: 'pending', lastError: error, nextAttemptAt })
    for (const { id: other, attempts, firstSentAt } of behind.unsent)
      await db.outbox.update(other, { status: 'pending', attempts, firstSentAt })
    for (const { id: other } of behind.unanswered) await db.outbox.update(other, { status: 'pending' })
  })
}

export async function markRejected(db: PortalDb, id: string, error: CommandError): Promise<void> {
  await db.outbox.update(id, { status: 'rejected', lastError: error, nextAttemptAt: null })
}

/** The trips of the answer, as the command's catalogue entry finds them, that match the contract. */
function tripsOfAnswer(command: OutboxCommand, response: unknown): Trip[] {
  return commandOf(command.type)
    .affects.trips(response)
    .flatMap((row) => {
      const parsed = trip.safeParse(row)
      return parsed.success ? [parsed.data] : []
    })
}

/** The messages of the answer (a seen mark's or a confirmation's) that match the contract. */
function messagesOfAnswer(command: OutboxCommand, response: unknown): Message[] {
  return (commandOf(command.type).affects.messages?.(response) ?? []).flatMap((row) => {
    const parsed = message.safeParse(row)
    return parsed.success ? [parsed.data] : []
  })
}

/**
 * The server's answer, stored and applied to the read models it affects in one transaction: the trips it
 * returns (the ones now cancelled, or the reviewed one) replace the stored ones, and a message it returns (seen
 * or confirmed) the stored one. A trip or message the last pull no longer had is not brought back; the pull that
 * follows every ack settles the rest. It is counted as an answer, so that a pull asked before it, in whichever
 * context, does not overwrite it (`replaceReadModels`).
 */
export async function markAcked(db: PortalDb, command: OutboxCommand, response: unknown): Promise<void> {
  await db.transaction('rw', [db.outbox, db.trips, db.messages, db.meta], async () => {
    await db.countAnswer()
    await db.outbox.update(command.id, {
      status: 'acked',
      response,
      lastError: null,
      nextAttemptAt: null,
    })
    for (const row of tripsOfAnswer(command, response)) {
      const key: [string, string] = [row.id, row.date]
      if (await db.trips.get(key)) await db.trips.put({ ...row, passengerId: row.passenger.id })
    }
    for (const row of messagesOfAnswer(command, response)) await db.applyMessageAnswer(row)
  })
}

/** A command's final answer: acked with the server's answer, or rejected with the reason. */
export type Settlement =
  { command: OutboxCommand; response: unknown } | { command: OutboxCommand; error: CommandError }

/**
 * Several final answers in one transaction, in order: the screens, which re-read the outbox on every write,
 * then read it once for them all rather than once each.
 */
export async function settleAll(db: PortalDb, settlements: Settlement[]): Promise<void> {
  if (settlements.length === 0) return
  await db.transaction('rw', [db.outbox, db.trips, db.messages, db.meta], async () => {
    for (const settled of settlements) {
      if ('error' in settled) await markRejected(db, settled.command.id, settled.error)
      else await markAcked(db, settled.command, settled.response)
    }
  })
}

/** Settled commands are kept as long as the trips they touch are shown: two weeks. */
export const settledRetentionDays = 14

/**
 * Deletes commands settled for good and created more than two weeks before `now`: acked ones, and rejections
 * the user has dismissed. Waiting commands and unread rejections are never deleted.
 */
export async function pruneSettled(db: PortalDb, now: string): Promise<number> {
  const cutoff = Temporal.Instant.from(now).subtract({ hours: settledRetentionDays * 24 })
  const old = (row: OutboxCommand) =>
    Temporal.Instant.compare(Temporal.Instant.from(row.createdAt), cutoff) < 0
  const rows = validCommands(await db.outbox.where('status').anyOf('acked', 'rejected').toArray())
  const settled = rows.filter((row) => old(row) && (row.status === 'acked' || row.dismissed))
  await db.outbox.bulkDelete(settled.map((row) => row.id))
  return settled.length
}
