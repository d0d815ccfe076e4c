import { Temporal } from 'temporal-polyfill'
import type { HostMap } from '../../src/domain/tenantResolution'
import type { Db } from '../db/schema'
import type { ServerI18n } from '../i18n/catalogs'
import { backoff } from '../outbound/backoff'
import { createDeliveryLoop, type Batch, type DeliveryLoop, type SenderBase } from '../outbound/deliveryLoop'
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

export interface PushSenderOptions extends SenderBase {
  db: Db
  transport: PushTransport
  i18n: ServerI18n
  /** TENANT_HOSTS, whose .uk and .us hosts give their devices their zone (server/time/timeZone.ts). */
  extraHosts?: HostMap
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

export type PushSender = DeliveryLoop<SendCounts>

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

/**
 * Sends the push outbox (docs/architecture.md, "The API host") on the one outbox shape
 * (server/outbound/deliveryLoop.ts): each claimed row is settled: deleted once delivered, expired or given up;
 * tried again later after a 429, a 5xx or no answer (exponential backoff, or the service's Retry-After if
 * longer); its subscription deleted on 404 or 410; given up at once, logged and counted, when the endpoint
 * policy refuses it.
 */
export function createPushSender(options: PushSenderOptions): PushSender {
  const { db, transport, i18n, clock, log } = options
  const maxAttempts = options.maxAttempts ?? 8
  type PushBatch = Batch<ClaimedDelivery, SendCounts>

  async function settle(row: ClaimedDelivery, outcome: PushOutcome, batch: PushBatch): Promise<void> {
    const { counts } = batch
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
      case 'blocked':
        batch.blocked(row, outcome)
        if (outcome.reason === 'NotPublicAddress') {
          // What the name resolves to may change back (a DNS fault); the device stays, this message goes.
          await countFailure(db, row)
          await removeDelivery(db, row)
        } else {
          // The endpoint itself can never be sent to (kept before the policy was stricter).
          await removeSubscription(db, row)
        }
    }
  }

  async function send(row: ClaimedDelivery, batch: PushBatch): Promise<void> {
    const { counts } = batch
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
    await settle(row, outcome, batch)
  }

  return createDeliveryLoop({
    ...options,
    name: 'push',
    claim: (now, leaseUntil, limit) => claimDue(db, now, leaseUntil, limit),
    send,
    emptyCounts,
    describe: (row) => ({ tenant: row.tenant_id, kind: row.kind }),
  })
}
