import type { Message, MessagePage } from '../contract'
import { messagePageSize } from '../contract/codes'
import { isWaiting, type OutboxCommand } from '../commands/outboxCommand'

/**
 * The messages read model (spec sections 2 and 4). Pages are numbered from the oldest, so a page once full keeps
 * its messages: the stored messages are the pages from `oldestPage` to `newestPage`, each message at its place
 * in the server's order (`position`, counted from the oldest), so the thread sorts by it and a page loaded
 * later slots in above without moving what is below. A pull brings the newest pages; older ones come when the
 * user scrolls up (`olderMessages`), and stay, so the thread reads offline as far up as it was read.
 */

export type StoredMessage = Message & { position: number }

export interface MessagePaging {
  /** The oldest page stored; older ones exist while it is above 1. */
  oldestPage: number
  newestPage: number
  /** Others' messages the user had not seen on every page, as the server counted at the last answer. */
  unseenCount: number
}

/** The stored rows of one answered page. */
export function rowsOfPage(page: MessagePage): StoredMessage[] {
  return page.items.map((item, index) => ({ ...item, position: (page.page - 1) * messagePageSize + index }))
}

/** A pull fetches back at most this many pages to join the newest to what is stored; past it, it starts over. */
export const maxPulledPages = 5

/**
 * Whether the pull, having fetched `page` (the lowest so far), fetches the one before: when the newest page is
 * short (spec section 4), and while the stored pages do not yet reach it.
 */
export function pullsPageBefore(
  page: MessagePage,
  fetched: number,
  newest: MessagePage,
  stored: MessagePaging | null,
): boolean {
  if (!page.hasPreviousPage || fetched >= maxPulledPages) return false
  if (page === newest && newest.items.length < messagePageSize) return true
  return stored !== null && page.page > stored.newestPage
}

/**
 * The paging after a pull of `pages` (the newest first), and whether the stored pages join them: a gap (the pull
 * stopped before reaching them) means the stored older pages are dropped and loaded again on scrolling.
 */
export function pagingAfterPull(
  pages: readonly MessagePage[],
  stored: MessagePaging | null,
): { paging: MessagePaging; joins: boolean } {
  const newest = pages[0]!
  const lowest = pages.at(-1)!.page
  const joins = stored !== null && stored.newestPage >= lowest
  return {
    paging: {
      oldestPage: joins ? Math.min(stored.oldestPage, lowest) : lowest,
      newestPage: newest.page,
      unseenCount: newest.unseenCount,
    },
    joins,
  }
}

/** The message ids a waiting `message.seen` or `message.confirm` is about: seen on this device already. */
export function markedSeenIds(commands: readonly OutboxCommand[]): Set<string> {
  return new Set(
    commands.flatMap((command) =>
      (command.type === 'message.seen' || command.type === 'message.confirm') && isWaiting(command)
        ? [(command as OutboxCommand<'message.seen'>).payload.id]
        : [],
    ),
  )
}

/** Written by someone else than this user: the operator or a co-guardian. */
function isOthers(row: Pick<Message, 'from'>, userId: string): boolean {
  return !(row.from.kind === 'user' && row.from.id === userId)
}

/** Another's message this user has not seen (as stored: a waiting seen mark is not counted here). */
export function isUnseen(row: Pick<Message, 'from' | 'seenAt'>, userId: string): boolean {
  return isOthers(row, userId) && row.seenAt === null
}
