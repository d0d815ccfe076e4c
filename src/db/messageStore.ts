import type { Message, MessagePage } from '../contract'
import { messagePageSize } from '../contract/codes'

/**
 * The messages read model (spec sections 2 and 4). Pages are numbered from the oldest, so a page once full keeps
 * its messages while messages are only added: the stored messages are the pages from `oldestPage` to
 * `newestPage`, each message at its place in the server's order (`position`, counted from the oldest), so the
 * thread sorts by it and a page loaded later slots in above without moving what is below. A pull brings the
 * newest pages; older ones come when the user scrolls up (workers/pull.ts, `loadOlderMessages`), and stay, so the
 * thread reads offline as far up as it was read. When messages before the stored ones go or come, the server's
 * pages move: the pull or the older page that finds it (`pagesMoved`) starts the stored pages over.
 */

export type StoredMessage = Message & { position: number }

export interface MessagePaging {
  /** The oldest page stored; older ones exist while it is above 1. */
  oldestPage: number
  newestPage: number
  /** Others' messages the user had not seen on every page, as the server counted at the last answer. */
  unseenCount: number
}

/** The place in the server's order of the first message of page `page`. */
export const firstPositionOf = (page: number): number => (page - 1) * messagePageSize

/** The stored rows of one answered page. */
export function rowsOfPage(page: MessagePage): StoredMessage[] {
  return page.items.map((item, index) => ({ ...item, position: firstPositionOf(page.page) + index }))
}

/**
 * Whether the server's pages moved under the stored messages (`stored`): a stored message at a place the fetched
 * `pages` answer for is not the one the server answered there. They answer for the places from their lowest
 * page's first to their highest page's last, and past it when that page is the server's last (no message is
 * there). Pages count from the oldest, so a message gone before a stored one (deleted by data retention, or of a
 * passenger no longer granted) or come before it (a newly granted passenger's older ones) moves it, and every
 * later one, to another place.
 */
export function pagesMoved(
  stored: readonly Pick<StoredMessage, 'id' | 'position'>[],
  pages: readonly MessagePage[],
): boolean {
  const answered = new Map(pages.flatMap(rowsOfPage).map((row) => [row.position, row.id]))
  const lowest = Math.min(...pages.map((page) => page.page))
  const highest = pages.reduce((high, page) => (page.page > high.page ? page : high))
  const from = firstPositionOf(lowest)
  const to = highest.page >= highest.totalPages ? Infinity : firstPositionOf(highest.page + 1)
  return stored.some(
    (row) => row.position >= from && row.position < to && answered.get(row.position) !== row.id,
  )
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

/** What is stored when a pull arrives: its paging, and its messages from the pull's lowest page on. */
export interface StoredPages {
  paging: MessagePaging
  rows: readonly Pick<StoredMessage, 'id' | 'position'>[]
}

/**
 * The paging after a pull of `pages` (the newest first), and whether the stored pages below them stay: only
 * when they join (the pull reached them) and the server's pages did not move under them (`pagesMoved`). Else
 * the stored pages start over from the pull's, and older ones load again on scrolling. `stored` is null when
 * there is nothing to keep, or nothing that may be kept (the user's passengers changed: the server numbers
 * another set of messages).
 */
export function pagingAfterPull(
  pages: readonly MessagePage[],
  stored: StoredPages | null,
): { paging: MessagePaging; keepsStored: boolean } {
  const newest = pages[0]!
  const lowest = pages.at(-1)!.page
  const keepsStored = stored !== null && stored.paging.newestPage >= lowest && !pagesMoved(stored.rows, pages)
  return {
    paging: {
      oldestPage: keepsStored ? Math.min(stored.paging.oldestPage, lowest) : lowest,
      newestPage: newest.page,
      unseenCount: newest.unseenCount,
    },
    keepsStored,
  }
}

/** Written by someone else than this user: the operator or a co-guardian. */
function isOthers(row: Pick<Message, 'from'>, userId: string): boolean {
  return !(row.from.kind === 'user' && row.from.id === userId)
}

/** Another's message this user has not seen (as stored: a waiting seen mark is not counted here). */
export function isUnseen(row: Pick<Message, 'from' | 'seenAt'>, userId: string): boolean {
  return isOthers(row, userId) && row.seenAt === null
}
