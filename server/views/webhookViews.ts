import type { Temporal } from 'temporal-polyfill'
import type { Webhook, WebhookDelivery } from '../../src/contract/operatorWebhooks'
import type { DeliveryRow, WebhookRow } from '../db/repositories/webhooks'
import { signingSecrets } from '../domain/webhookSecrets'
import { zonedIso } from '../domain/tripView'
import { cursorOf } from './operatorChangeViews'

/** The webhook as the operator reads it: never its secrets, only the last characters of the one that signs. */
export function toWebhook(row: WebhookRow, timeZone: string, now: Temporal.Instant): Webhook {
  const overlapping = signingSecrets(row, now).length > 1
  return {
    url: row.url,
    enabled: row.enabled,
    secretHint: row.secret.slice(-4),
    previousSecretUntil:
      overlapping && row.previous_secret_until ? zonedIso(row.previous_secret_until, timeZone) : null,
    createdAt: zonedIso(row.created_at, timeZone),
    updatedAt: zonedIso(row.updated_at, timeZone),
  }
}

/** One line of the delivery log, at its change's place in the feed. */
export function toDelivery(row: DeliveryRow, timeZone: string): WebhookDelivery {
  const at = (instant: Temporal.Instant | null) => (instant ? zonedIso(instant, timeZone) : null)
  return {
    webhookId: row.change_id,
    type: row.type,
    cursor: cursorOf(row),
    state: row.state,
    attempts: row.attempts,
    lastAttemptAt: at(row.last_attempt_at),
    lastStatus: row.last_status,
    lastError: row.last_error,
    nextAttemptAt: row.state === 'pending' ? at(row.next_attempt_at) : null,
    deliveredAt: at(row.delivered_at),
    createdAt: zonedIso(row.created_at, timeZone),
  } as WebhookDelivery
}
