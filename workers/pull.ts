import type { ApiClient } from '../src/api/client'
import type { MessagePage, PassengerReads } from '../src/contract'
import { pullsPageBefore, type MessagePaging } from '../src/db/messageStore'
import type { PortalDb, ReadModelPull } from '../src/db/portalDb'
import { pruneSettled } from './outbox/replayRows'
import type { TripMilestone } from '../src/db/tripMilestones'

/** What a pull fetches beyond the core read models, by the tenant's features. */
export interface PullScope {
  /** Each passenger's transportation permissions: only tenants that show them (spec section 6) pay for the call. */
  permissions: boolean
}

const coreOnly: PullScope = { permissions: false }

/**
 * The newest message pages, the newest first: the last page, the one before when it is short (spec section 4),
 * and back until they reach the pages stored (`stored`), at most `maxPulledPages`.
 */
export async function fetchNewestMessages(
  api: ApiClient,
  stored: MessagePaging | null,
): Promise<MessagePage[]> {
  const newest = await api.call('listMessages', { query: {} })
  const pages = [newest]
  for (let page = newest; pullsPageBefore(page, pages.length, newest, stored);) {
    page = await api.call('listMessages', { query: { page: page.page - 1 } })
    pages.push(page)
  }
  return pages
}

/**
 * The page before the oldest stored, as the user scrolls up; false when there is none to load. The oldest stored
 * page comes again with it: pages do not overlap, so only that one shows whether the new page joins the stored
 * ones. When it does not, the server's pages moved, and the stored ones start over from the newest.
 */
export async function loadOlderMessages(db: PortalDb, api: ApiClient): Promise<boolean> {
  const stored = await db.messagePaging()
  if (!stored || stored.oldestPage <= 1) return false
  const pages = await Promise.all(
    [stored.oldestPage, stored.oldestPage - 1].map((page) => api.call('listMessages', { query: { page } })),
  )
  if ((await db.saveOlderMessages(pages)) === 'moved') {
    await db.restartMessages(await fetchNewestMessages(api, null))
  }
  return true
}

/**
 * One pull of the read models: the account, the passengers with their places, trips and bookings not yet approved (and their
 * transportation permissions when `scope` says so) in one call, and the newest messages, all at once: one round
 * of requests after the token. The API client parses every answer with the contract, so what reaches the
 * database has been validated. The pull is all or nothing: if any call fails, the local data stays as it was.
 */
export async function fetchReadModels(
  api: ApiClient,
  syncedAt: string,
  scope: PullScope = coreOnly,
  storedMessages: MessagePaging | null = null,
): Promise<ReadModelPull> {
  const [account, reads, messages] = await Promise.all([
    api.call('getAccount'),
    api.call('listPassengerReads', { query: scope.permissions ? { permissions: 'true' } : {} }),
    fetchNewestMessages(api, storedMessages),
  ])
  const byPassenger = <T>(pick: (read: PassengerReads) => T) =>
    Object.fromEntries(reads.map((read) => [read.passenger.id, pick(read)]))
  return {
    account,
    passengers: reads.map((read) => read.passenger),
    places: byPassenger((read) => read.places),
    trips: byPassenger((read) => read.trips),
    bookings: byPassenger((read) => read.bookings),
    ...(scope.permissions ? { permissions: byPassenger((read) => read.permissions ?? []) } : {}),
    messages,
    syncedAt,
  }
}

/**
 * Fetches and writes one pull in one transaction; returns when it has committed, with the pickups and
 * drop-offs it newly shows. Old settled commands are pruned after it. Null when an answer was written while it
 * was on its way (an ack, perhaps by the service worker or another tab): the pull may be older than that answer,
 * so it wrote nothing, and is to be asked again.
 */
export async function pullInto(
  db: PortalDb,
  api: ApiClient,
  syncedAt: string,
  scope: PullScope = coreOnly,
): Promise<{ pull: ReadModelPull; milestones: TripMilestone[] } | null> {
  const asked = await db.answersWritten()
  const pull = await fetchReadModels(api, syncedAt, scope, await db.messagePaging())
  const milestones = await db.replaceReadModels(pull, asked)
  if (!milestones) return null
  await pruneSettled(db, syncedAt)
  return { pull, milestones }
}
