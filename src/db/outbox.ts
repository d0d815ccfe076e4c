import type { PortalDb } from './portalDb'
import type { CommandPayloads, CommandType } from '../commands/catalogue'
import type { OutboxCommand } from '../commands/outboxCommand'
import { commandsView, storedCommand } from './views'

/**
 * The outbox as the page uses it: append a command, read the queue, dismiss a rejection. The replayer's side
 * (workers/outbox/replay.ts, in the sync worker or the service worker) is workers/outbox/replayRows.ts. Rows are read back
 * as stored, like the read models (see src/db/portalDb.ts): the page built each command from typed input, and
 * the replayer checks a command against the contract before sending it.
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
    firstSentAt: null,
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
  return commandsView(await db.outbox.orderBy('seq').toArray())
}

export async function getCommand(db: PortalDb, id: string): Promise<OutboxCommand | null> {
  const row = await db.outbox.get(id)
  return row ? storedCommand(row) : null
}

export async function countWaiting(db: PortalDb): Promise<number> {
  return db.outbox.where('status').anyOf('pending', 'sending').count()
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
    const rows = commandsView(await db.outbox.where('status').equals('rejected').toArray()).filter(
      (row) => !row.notified && !row.dismissed,
    )
    for (const row of rows) await db.outbox.update(row.id, { notified: true })
    return rows
  })
}
