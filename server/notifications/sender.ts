import { Temporal } from 'temporal-polyfill'
import type { HostMap } from '../../src/domain/tenantResolution'
import type { Db } from '../db/schema'
import type { ServerI18n } from '../i18n/catalogs'
import type { Clock } from '../time/clock'
import { forEachBounded } from './boundedConcurrency'
import type { EndpointRefusals } from '../outbound/endpointRefusals'
import { notificationData } from '../domain/notificationData'
import { pushPayload } from './payload'
import {
  claimDue,
  countFailure,
  markDelivered,
  removeDelivery,
  removeSubscription,
  retryDeliveryAt,
  type ClaimedDelivery,
} from '../db/pushOutbox'
import type { PushOutcome, PushTransport } from './pushTransport'
import { tenantTimeZone } from '../time/timeZone'

export interface SenderLog {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface PushSenderOptions {
  db: Db
  transport: PushTransport
  i18n: ServerI18n
  clock: Clock
  log: SenderLog
  /** Where endpoints the policy refuses are counted (pushService.ts: on /metrics). */
  refusals: EndpointRefusals
  /** TENANT_HOSTS, whose .uk and .us hosts give their devices their zone (server/time/timeZone.ts). */
  extraHosts?: HostMap
  /** Rows one claim takes (64). */
  batchSize?: number
  /** Sends in flight at once (16). */
  concurrency?: number
  /** How long a claimed row is this sender's before another may take it (60 s): longer than any send. */
  lease?: Temporal.Duration
  /**
   * How long an idle sender waits for a wake() before it looks for due rows anyway (1 s); asked before each wait,
   * as it is longer while the database announces every queued row (server/notifications/pushService.ts).
   */
  idlePoll?: () => Temporal.Duration
  /** Tries before a notification is given up (8). */
  maxAttempts?: number
}

/** What one batch did with the rows it claimed. */
export interface SendCounts {
  claimed: number
  delivered: number
  /** Past their expiry: deleted, not sent. */
  expired: number
  retried: number
  /** Given up: refused by the push service, unreadable, or out of tries. */
  dropped: number
  /** Subscriptions the push service said are gone (404, 410). */
  gone: number
  /** Not sent: the endpoint policy refused the endpoint or an address of its host (endpointPolicy.ts). */
  blocked: number
}

export interface PushSender {
  /** Runs the loop: claims and sends, and when nothing is due waits for wake() or the idle poll. */
  start(): void
  /** Something was queued: look now rather than at the next poll. */
  wake(): void
  /** Ends the loop after the batch in hand; resolves once it has ended. */
  stop(): Promise<void>
  /** Claims one batch of due rows and settles each; what the loop does, for tests and the bench. */
  runBatch(): Promise<SendCounts>
}

/** A batch's counts before it sends anything (and the start of a sum of several). */
export const emptyCounts = (): SendCounts => ({
  claimed: 0,
  delivered: 0,
  expired: 0,
  retried: 0,
  dropped: 0,
  gone: 0,
  blocked: 0,
})

/** 30 s doubling per try to at most an hour, a little jittered so that a recovered service is not hit at once. */
export function backoff(attempts: number): Temporal.Duration {
  const seconds = Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1))
  return Temporal.Duration.from({ milliseconds: Math.round(seconds * 1000 * (0.8 + Math.random() * 0.4)) })
}

/**
 * Sends the push outbox (docs/architecture.md, "The API host"): every instance runs one. A batch is claimed in
 * one short statement across tenants and leased, then each row is sent outside any transaction, at most
 * `concurrency` at once, and settled: deleted once delivered, expired or given up; tried again later after a
 * 429, a 5xx or no answer (exponential backoff, or the service's Retry-After if longer); its subscription
 * deleted on 404 or 410; given up at once, logged and counted, when the endpoint policy refuses it. Any number
 * of senders over one database send each row once (the lease), unless one dies between a push service's
 * acceptance and the delete, when the row goes again after the lease.
 */
export function createPushSender(options: PushSenderOptions): PushSender {
  const { db, transport, i18n, clock, log, refusals } = options
  const batchSize = options.batchSize ?? 64
  const concurrency = options.concurrency ?? 16
  const lease = options.lease ?? Temporal.Duration.from({ seconds: 60 })
  const idlePoll = options.idlePoll ?? (() => Temporal.Duration.from({ seconds: 1 }))
  const maxAttempts = options.maxAttempts ?? 8

  async function settle(row: ClaimedDelivery, outcome: PushOutcome, counts: SendCounts): Promise<void> {
    const now = clock.now()
    switch (outcome.kind) {
      case 'delivered':
        counts.delivered++
        await removeDelivery(db, row)
        await markDelivered(db, row, now)
        return
      case 'gone':
        counts.gone++
        await removeSubscription(db, row)
        return
      case 'retry': {
        await countFailure(db, row)
        const wait = backoff(row.attempts)
        const asked = Temporal.Duration.from({ seconds: outcome.retryAfterSeconds ?? 0 })
        const at = now.add(Temporal.Duration.compare(asked, wait) > 0 ? asked : wait)
        if (row.attempts >= maxAttempts || Temporal.Instant.compare(at, row.expires_at) >= 0) {
          counts.dropped++
          await removeDelivery(db, row)
          return
        }
        counts.retried++
        await retryDeliveryAt(db, row, at)
        return
      }
      case 'refused':
        counts.dropped++
        log.warn({ push: { tenant: row.tenant_id, kind: row.kind, status: outcome.status } }, 'push refused')
        await countFailure(db, row)
        await removeDelivery(db, row)
        return
      case 'blocked': {
        counts.blocked++
        refusals.add('send', outcome.reason)
        const { reason, host, address } = outcome
        log.warn(
          { push: { tenant: row.tenant_id, kind: row.kind, reason, host, address } },
          'push endpoint refused by the endpoint policy',
        )
        if (reason === 'NotPublicAddress') {
          // What the name resolves to may change back (a DNS fault); the device stays, this message goes.
          await countFailure(db, row)
          await removeDelivery(db, row)
        } else {
          // The endpoint itself can never be sent to (kept before the policy was stricter).
          await removeSubscription(db, row)
        }
      }
    }
  }

  async function sendOne(row: ClaimedDelivery, counts: SendCounts): Promise<void> {
    try {
      const now = clock.now()
      // A live alert that comes late is worse than none: past its expiry it is not sent.
      const remaining = Math.floor(row.expires_at.since(now).total('seconds'))
      if (remaining <= 0) {
        counts.expired++
        await removeDelivery(db, row)
        return
      }
      const data = notificationData.safeParse(row.data)
      if (!data.success) {
        counts.dropped++
        log.error({ push: { tenant: row.tenant_id, kind: row.kind } }, 'push delivery data unreadable')
        await removeDelivery(db, row)
        return
      }
      const payload = pushPayload(i18n, data.data, {
        locale: row.locale,
        hideDetails: row.hide_details,
        portalUrl: row.portal_url,
        // The tenant's zone on the host the device subscribed on.
        timeZone: tenantTimeZone(row.tenant_id, URL.parse(row.portal_url)?.hostname, options.extraHosts),
        createdAt: row.created_at,
      })
      const outcome = await transport.send({
        endpoint: row.endpoint,
        p256dh: row.p256dh,
        auth: row.auth,
        payload: JSON.stringify(payload),
        ttlSeconds: remaining,
        urgency: row.urgency,
        topic: row.topic,
      })
      await settle(row, outcome, counts)
    } catch (error) {
      // The row stays leased and is tried again when the lease ends.
      log.error({ err: error, push: { tenant: row.tenant_id, kind: row.kind } }, 'push send failed')
    }
  }

  async function runBatch(): Promise<SendCounts> {
    const now = clock.now()
    const rows = await claimDue(db, now, now.add(lease), batchSize)
    const counts = { ...emptyCounts(), claimed: rows.length }
    await forEachBounded(rows, concurrency, (row) => sendOne(row, counts))
    return counts
  }

  let running: Promise<void> | null = null
  let stopped = false
  let wakeUp: (() => void) | null = null
  let woken = false

  const idle = () =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve()
      const cancel = clock.schedule(idlePoll(), async () => resolve())
      wakeUp = () => {
        cancel()
        resolve()
      }
    }).finally(() => {
      wakeUp = null
      woken = false
    })

  async function loop(): Promise<void> {
    while (!stopped) {
      woken = false
      let claimed = 0
      try {
        claimed = (await runBatch()).claimed
      } catch (error) {
        log.error({ err: error }, 'push outbox claim failed')
      }
      if (claimed < batchSize && !stopped) await idle()
    }
  }

  return {
    start() {
      stopped = false
      running ??= loop().finally(() => {
        running = null
      })
    },
    wake() {
      woken = true
      wakeUp?.()
    },
    async stop() {
      stopped = true
      wakeUp?.()
      await running
    },
    runBatch,
  }
}
