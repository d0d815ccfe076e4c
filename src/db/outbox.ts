import { Temporal } from 'temporal-polyfill'
import { trip, type Trip } from '../contract'
import type { PortalDb } from './portalDb'
import type { CommandError, CommandPayloads, CommandType, OutboxCommand } from './outboxTypes'
import { validCommands } from './outboxSchema'

/**
 * The outbox's transactional methods. The page appends; the replayer (workers/outbox.ts, in the sync worker or
 * the service worker) moves a command through sending to acked or rejected. Every row read back is validated,
 * like the read models.
 */

export interface NewCommand<T extends CommandType> {
  id: string
  type: T
  payload: CommandPayloads[T]
  /** ISO instant. */
  createdAt: string
}

/** A command as first stored: pending, never sent. */
export function pendingRow<T extends CommandType>(command: NewCommand<T>, seq: number): OutboxCommand<T> {
  return {
    ...command,
    seq,
    status: 'pending',
    attempts: 0,
    lastError: null,
    response: null,
    dismissed: false,
    nextAttemptAt: null,
    notified: false,
  }
}

/** Appends a command; its `seq` is allocated in the same transaction, so two tabs never share one. */
export async function appendCommand<T extends CommandType>(
  db: PortalDb,
  command: NewCommand<T>,
): Promise<OutboxCommand<T>> {
  return db.transaction('rw', [db.outbox, db.meta], async () => {
    const counter = await db.meta.get('outboxSeq')
    const last = (await db.outbox.orderBy('seq').last())?.seq ?? 0
    const row = pendingRow(command, Math.max(counter?.key === 'outboxSeq' ? counter.value : 0, last) + 1)
    await db.meta.put({ key: 'outboxSeq', value: row.seq })
    await db.outbox.add(row as OutboxCommand)
    return row
  })
}

/** Every command, in `seq` order. */
export async function listCommands(db: PortalDb): Promise<OutboxCommand[]> {
  return validCommands(await db.outbox.orderBy('seq').toArray())
}

export async function getCommand(db: PortalDb, id: string): Promise<OutboxCommand | null> {
  const row = await db.outbox.get(id)
  return row ? (validCommands([row])[0] ?? null) : null
}

/** The first command not answered for good: the head of the queue, which nothing overtakes. */
export async function headOfQueue(db: PortalDb): Promise<OutboxCommand | null> {
  const rows = await db.outbox.where('status').anyOf('pending', 'sending').sortBy('seq')
  return validCommands(rows)[0] ?? null
}

export async function countWaiting(db: PortalDb): Promise<number> {
  return validCommands(await db.outbox.where('status').anyOf('pending', 'sending').toArray()).length
}

/** Before the request: a worker that dies now leaves it `sending`, and the next one sends it again. */
export async function markSending(db: PortalDb, id: string): Promise<void> {
  await db.outbox
    .where('id')
    .equals(id)
    .modify((row) => {
      row.status = 'sending'
      row.attempts += 1
    })
}

/** A failure that may pass (network, 5xx, 408, 429, in flight): pending again, not before `nextAttemptAt`. */
export async function markRetry(
  db: PortalDb,
  id: string,
  error: CommandError,
  nextAttemptAt: number | null,
): Promise<void> {
  await db.outbox.update(id, { status: 'pending', lastError: error, nextAttemptAt })
}

export async function markRejected(db: PortalDb, id: string, error: CommandError): Promise<void> {
  await db.outbox.update(id, { status: 'rejected', lastError: error, nextAttemptAt: null })
}

function tripsOfAnswer(command: OutboxCommand, response: unknown): Trip[] {
  const answer = command.type === 'trip.cancel' ? response : [response]
  if (!Array.isArray(answer)) return []
  return answer.flatMap((row) => {
    const parsed = trip.safeParse(row)
    return parsed.success ? [parsed.data] : []
  })
}

/**
 * The server's answer, stored and applied to the read models in one transaction: the trips it returns (the
 * ones now cancelled, or the reviewed one) replace the stored ones. A trip the last pull no longer had is not
 * brought back; the pull that follows every ack settles the rest.
 */
export async function markAcked(db: PortalDb, command: OutboxCommand, response: unknown): Promise<void> {
  await db.transaction('rw', [db.outbox, db.trips], async () => {
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
  })
}

/** The user has read a rejection: it no longer shows on the trip. */
export async function dismiss(db: PortalDb, id: string): Promise<void> {
  await db.outbox.update(id, { dismissed: true })
}

/**
 * Rejections nobody has been told about yet, marked told in the same transaction, so that of several open tabs
 * only one shows each notice.
 */
export async function takeUnnotifiedRejections(db: PortalDb): Promise<OutboxCommand[]> {
  return db.transaction('rw', [db.outbox], async () => {
    const rows = validCommands(await db.outbox.where('status').equals('rejected').toArray()).filter(
      (row) => !row.notified && !row.dismissed,
    )
    for (const row of rows) await db.outbox.update(row.id, { notified: true })
    return rows.sort((a, b) => a.seq - b.seq)
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
