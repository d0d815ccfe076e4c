import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import type { Db } from '../db/schema'
import type { RetentionConfig } from '../config/retentionConfig'
import {
  deleteEndedLinks,
  deleteExpiredInvitations,
  deleteOldChanges,
  deleteOldDemoMails,
  deleteOldMails,
  deleteOldMessages,
  deleteOldNotificationMarks,
  deleteRevokedFeeds,
  deleteStalePushSubscriptions,
} from './expired'
import { erasePassenger, passengersDueForErasure } from './passengerErasure'
import { dropTripPositions, tripsWithOldPositions } from './tripPositions'

/** How often each instance looks for what has outlived its purpose (and once when it starts). */
export const retentionIntervalMs = 60 * 60 * 1000

/** How long a once-only notification mark is kept: its trip or reminder date is over by then. */
export const notificationMarkDays = 3

/** Rows one statement deletes, and trips one look finds: a batch holds its locks for milliseconds. */
export const retentionBatchSize = 500

/** What one run deleted. */
export interface RetentionCounts {
  /** Position events deleted (or, a trip's last one, stripped of its location). */
  positions: number
  /** Trips that lost them. */
  trips: number
  links: number
  invitations: number
  messages: number
  /** Calendar feeds revoked a day ago. */
  feeds: number
  pushSubscriptions: number
  notificationMarks: number
  /** Ended passengers whose personal data was erased. */
  passengers: number
  /** Changes of the operator's feed, with their webhook deliveries. */
  changes: number
  /** Sent and failed mails of the outbox's log. */
  mails: number
  /** The demo's kept mails. */
  demoMails: number
}

export interface RetentionOptions {
  now?: Temporal.Instant
  batchSize?: number
  /** Asked between batches: a run stops early when the server is closing. */
  stopping?: () => boolean
}

/** Runs `batch` until it comes back short (or the server stops); the rows it took together. */
async function drain(batch: () => Promise<number>, limit: number, stopping: () => boolean): Promise<number> {
  let total = 0
  for (let taken = limit; taken === limit && !stopping();) {
    taken = await batch()
    total += taken
  }
  return total
}

/**
 * Looks for work with `find` (a look brings at most `limit`) and does each found with `work`, until a look comes
 * back short (or the server stops).
 */
async function eachFound<T>(
  find: () => Promise<T[]>,
  work: (found: T) => Promise<void>,
  limit: number,
  stopping: () => boolean,
): Promise<void> {
  for (let found = limit; found === limit && !stopping();) {
    const items = await find()
    found = items.length
    for (const item of items) await work(item)
  }
}

/**
 * Deletes what the portal no longer needs, across tenants (docs/operations.md, "Data retention"): car positions of
 * trips that ended more than `positionRetentionDays` ago (their other events stay, and each trip's stored
 * projection is folded again from them), tracking links a day past their trip's planned end or revocation, expired
 * invitations, calendar feeds a day past their revocation, when configured, messages older than
 * `messageRetentionDays`, push subscriptions with no delivery in `pushSubscriptionRetentionDays`, and notification
 * marks older than `notificationMarkDays`, changes of the operator's feed older than `changeFeedRetentionDays`
 * (with their webhook deliveries), sent and failed mails older than `emailRetentionDays` and the demo's kept
 * mails a day old; and it erases the personal data of ended passengers whose
 * `erase_after` has passed (passengerErasure.ts). Every instance may run it at
 * once: each batch locks only its own rows and skips others'.
 */
export async function runRetention(
  db: Db,
  config: RetentionConfig,
  options: RetentionOptions = {},
): Promise<RetentionCounts> {
  const now = options.now ?? Temporal.Now.instant()
  const limit = options.batchSize ?? retentionBatchSize
  const stopping = options.stopping ?? (() => false)
  const counts: RetentionCounts = {
    positions: 0,
    trips: 0,
    links: 0,
    invitations: 0,
    messages: 0,
    feeds: 0,
    pushSubscriptions: 0,
    notificationMarks: 0,
    passengers: 0,
    changes: 0,
    mails: 0,
    demoMails: 0,
  }

  if (config.positionRetentionDays !== null) {
    const cutoff = now.subtract({ hours: 24 * config.positionRetentionDays })
    await eachFound(
      () => tripsWithOldPositions(db, cutoff, limit),
      async ({ tenant, tripId }) => {
        const dropped = await dropTripPositions(db, tenant, tripId, cutoff)
        counts.positions += dropped
        if (dropped > 0) counts.trips++
      },
      limit,
      stopping,
    )
  }
  await eachFound(
    () => passengersDueForErasure(db, now, limit),
    async ({ tenant, passengerId }) => {
      if (await erasePassenger(db, tenant, passengerId, now)) counts.passengers++
    },
    limit,
    stopping,
  )
  counts.links = await drain(() => deleteEndedLinks(db, now, limit), limit, stopping)
  counts.invitations = await drain(() => deleteExpiredInvitations(db, now, limit), limit, stopping)
  counts.feeds = await drain(() => deleteRevokedFeeds(db, now, limit), limit, stopping)
  if (config.messageRetentionDays !== null) {
    const cutoff = now.subtract({ hours: 24 * config.messageRetentionDays })
    counts.messages = await drain(() => deleteOldMessages(db, cutoff, limit), limit, stopping)
  }
  if (config.pushSubscriptionRetentionDays !== null) {
    const cutoff = now.subtract({ hours: 24 * config.pushSubscriptionRetentionDays })
    counts.pushSubscriptions = await drain(
      () => deleteStalePushSubscriptions(db, cutoff, limit),
      limit,
      stopping,
    )
  }
  const changeCutoff = now.subtract({ hours: 24 * config.changeFeedRetentionDays })
  counts.changes = await drain(() => deleteOldChanges(db, changeCutoff, limit), limit, stopping)
  const mailCutoff = now.subtract({ hours: 24 * config.emailRetentionDays })
  counts.mails = await drain(() => deleteOldMails(db, mailCutoff, limit), limit, stopping)
  counts.demoMails = await drain(() => deleteOldDemoMails(db, now, limit), limit, stopping)
  const markCutoff = now.subtract({ hours: 24 * notificationMarkDays })
  counts.notificationMarks = await drain(
    () => deleteOldNotificationMarks(db, markCutoff, limit),
    limit,
    stopping,
  )
  return counts
}

/**
 * Runs the retention when the app is ready (without holding its start up: a first run may have a backlog) and
 * every hour, never two runs at once on one instance; closing the app stops a run between batches and waits for it.
 */
export function registerRetention(app: FastifyInstance, db: Db, config: RetentionConfig): void {
  let closing = false
  let running: Promise<void> | null = null
  const run = () => {
    running ??= runRetention(db, config, { stopping: () => closing })
      .then((counts) => {
        if (Object.values(counts).some((count) => count > 0))
          app.log.info({ retention: counts }, 'retention purged')
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'retention purge failed'))
      .finally(() => {
        running = null
      })
  }
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    run()
    timer = setInterval(run, retentionIntervalMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    closing = true
    clearInterval(timer)
    await running
  })
}
