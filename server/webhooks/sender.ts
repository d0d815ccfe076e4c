import { Temporal } from 'temporal-polyfill'
import type { TenantId } from '../../tenants'
import { signingSecrets } from '../domain/webhookSecrets'
import type { Db } from '../db/schema'
import {
  claimDueWebhooks,
  markWebhookDelivered,
  markWebhookFailure,
  type Attempt,
  type ClaimedWebhook,
} from '../db/webhookOutbox'
import { createDeliveryLoop, type Batch, type DeliveryLoop, type SenderBase } from '../outbound/deliveryLoop'
import type { OutboundAnswer, OutboundClient } from '../outbound/outboundClient'
import { tenantTimeZone } from '../time/timeZone'
import { toOperatorChange } from '../views/operatorChangeViews'
import { signedHeaders } from './signing'

/** A change the webhook delivered, as told to `onDelivered`. */
export interface DeliveredChange {
  /** Its `operator_changes.id`. */
  changeRowId: string
  /** Its id to the operator: the webhook-id. */
  changeId: string
  type: string
  deliveredAt: Temporal.Instant
}

export type OnDelivered = (tenant: TenantId, change: DeliveredChange) => Promise<void>

export interface WebhookSenderOptions extends SenderBase {
  db: Db
  client: OutboundClient
  /** How long after a change its delivery is tried (WEBHOOK_RETRY_HOURS): then it has failed. */
  retryWindow: Temporal.Duration
  /** Told after a delivery is marked delivered (the guardian's receipt); its failure is logged, not undone. */
  onDelivered?: OnDelivered
}

/** What one batch did with the deliveries it claimed. */
export interface WebhookCounts {
  claimed: number
  delivered: number
  /** Not delivered this time (an answer not 2xx, or none): tried again later. */
  retried: number
  /** Not delivered, and given up: the change is older than the retry window. */
  failed: number
  /**
   * Not sent: the endpoint policy refused the endpoint (failed at once) or an address of its host (tried again
   * within the window) (endpointPolicy.ts).
   */
  blocked: number
}

export type WebhookSender = DeliveryLoop<WebhookCounts>

export const emptyWebhookCounts = (): WebhookCounts => ({
  claimed: 0,
  delivered: 0,
  retried: 0,
  failed: 0,
  blocked: 0,
})

/** The waits after each failed try: quick for a blip, then ever longer, then every 10 hours. */
const schedule = [
  { seconds: 5 },
  { minutes: 5 },
  { minutes: 30 },
  { hours: 2 },
  { hours: 5 },
  { hours: 10 },
].map((wait) => Temporal.Duration.from(wait))

/** The wait after the `attempts`th try, jittered by a tenth either way so that a recovered receiver is not hit at once. */
export function webhookBackoff(attempts: number): Temporal.Duration {
  const wait = schedule[Math.min(Math.max(attempts, 1), schedule.length) - 1]!
  return Temporal.Duration.from({
    milliseconds: Math.round(wait.total('milliseconds') * (0.9 + Math.random() * 0.2)),
  })
}

/** What went wrong, short enough for the log. */
function errorOf(answer: OutboundAnswer): string | null {
  if (answer.kind === 'answered') return `HTTP ${answer.status}`
  if (answer.kind === 'blocked')
    return `Refused by the address policy: ${answer.reason}${answer.address ? ` (${answer.address})` : ''}`
  const code = (answer.error as NodeJS.ErrnoException).code
  return (code ? `${code}: ${answer.error.message}` : answer.error.message).slice(0, 500)
}

/**
 * Sends the webhook outbox (docs/integration.md, "Webhooks") on the one outbox shape
 * (server/outbound/deliveryLoop.ts): each claimed delivery is posted, signed, with its change's id as its
 * webhook-id, and settled: delivered on a 2xx; otherwise tried again with backoff until the change is older than
 * the retry window, then failed. An endpoint the policy refuses fails at once; a name that resolves to a private
 * address is tried again (DNS may be mended), both counted. A sender that dies mid-send leaves its row leased:
 * another sends it after the lease, with the same webhook-id.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { db, client, clock, log, retryWindow, onDelivered } = options
  type WebhookBatch = Batch<ClaimedWebhook, WebhookCounts>

  async function delivered(row: ClaimedWebhook, attempt: Attempt, counts: WebhookCounts): Promise<void> {
    counts.delivered++
    if (!(await markWebhookDelivered(db, row, attempt)) || !onDelivered) return
    try {
      await onDelivered(row.tenant_id, {
        changeRowId: row.change_row_id,
        changeId: row.change_id,
        type: row.type,
        deliveredAt: attempt.at,
      })
    } catch (error) {
      log.error({ err: error, webhook: describe(row) }, 'webhook delivered, but telling it failed')
    }
  }

  /** Tried again after its backoff, at the latest when the window ends; failed once it has. */
  async function notDelivered(row: ClaimedWebhook, attempt: Attempt): Promise<'retried' | 'failed'> {
    const deadline = row.told_at.add(retryWindow)
    if (Temporal.Instant.compare(attempt.at, deadline) >= 0) {
      await markWebhookFailure(db, row, attempt, null)
      return 'failed'
    }
    const next = attempt.at.add(webhookBackoff(row.attempts))
    await markWebhookFailure(db, row, attempt, Temporal.Instant.compare(next, deadline) < 0 ? next : deadline)
    return 'retried'
  }

  async function send(row: ClaimedWebhook, batch: WebhookBatch): Promise<void> {
    const body = JSON.stringify(toOperatorChange(row, tenantTimeZone(row.tenant_id)))
    const answer = await client.post(row.url, () => {
      const now = clock.now()
      const timestamp = Math.floor(now.epochMilliseconds / 1000)
      return { headers: signedHeaders(signingSecrets(row, now), row.change_id, timestamp, body), body }
    })
    const attempt: Attempt = {
      at: clock.now(),
      status: answer.kind === 'answered' ? answer.status : null,
      error: errorOf(answer),
    }
    if (answer.kind === 'answered' && answer.status >= 200 && answer.status < 300)
      return delivered(row, { ...attempt, error: null }, batch.counts)
    if (answer.kind !== 'blocked') {
      batch.counts[await notDelivered(row, attempt)]++
      return
    }
    // Counted as blocked either way: the endpoint itself (set before the policy was stricter) can never be sent
    // to, so it fails at once; what its name resolves to may be mended, so that is tried again.
    batch.blocked(row, answer)
    if (answer.reason === 'NotPublicAddress') await notDelivered(row, attempt)
    else await markWebhookFailure(db, row, attempt, null)
  }

  const describe = (row: ClaimedWebhook) => ({ tenant: row.tenant_id, webhookId: row.change_id })

  return createDeliveryLoop({
    ...options,
    name: 'webhook',
    claim: (now, leaseUntil, limit) => claimDueWebhooks(db, now, leaseUntil, limit),
    send,
    emptyCounts: emptyWebhookCounts,
    describe,
  })
}
