import { threadOf, type ThreadEntry } from '../../commands/messageThread'
import { useLive } from './live'
import type { SessionStore } from '../session/session'

/** The messages screen's reads and its one direct call (spec sections 2 and 4). */

export interface ThreadView {
  entries: ThreadEntry[]
  /** Pages older than the stored ones exist on the server. */
  hasOlder: boolean
  userId: string
}

/**
 * The thread as stored, oldest first, with the outbox overlaid (src/commands/messageThread.ts): one query, so
 * a pull that brings a sent message and the outbox that still has it never show it twice.
 */
export function useThread(): ThreadView | undefined {
  return useLive('messages:thread', async ({ db, outbox, userId }) => {
    const [messages, commands, paging] = await Promise.all([
      db.listMessages(),
      outbox.listCommands(db),
      db.messagePaging(),
    ])
    return { entries: threadOf(messages, commands, userId), hasOlder: (paging?.oldestPage ?? 1) > 1, userId }
  })
}

/** The page before the oldest stored, through the sync worker; false when it could not be loaded (offline). */
export async function loadOlderMessages(sessions: SessionStore): Promise<boolean> {
  const session = await sessions.ready()
  return session ? session.sync.loadOlderMessages() : false
}
