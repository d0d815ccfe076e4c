type Env = Record<string, string | undefined>

/** The promise: a webhook is tried for at least three days. */
export const minWebhookRetryHours = 72

/** Webhooks (server/webhooks/, docs/operations.md "Webhooks"). */
export interface WebhookConfig {
  /** WEBHOOK_SENDER=off leaves this instance's webhook outbox to the others (it still queues deliveries). */
  webhookSender: boolean
  /**
   * How long after a change its delivery is tried before it is given up as failed (WEBHOOK_RETRY_HOURS, 72 by
   * default and at least that).
   */
  webhookRetryHours: number
}

/**
 * `feedDays` is CHANGE_FEED_RETENTION_DAYS: the retention removes a delivery with its change, so the retries must
 * end within it.
 */
export function webhookConfigFrom(env: Env, feedDays: number): WebhookConfig {
  const sender = env.WEBHOOK_SENDER ?? ''
  if (sender !== '' && sender !== 'on' && sender !== 'off')
    throw new Error('WEBHOOK_SENDER must be on or off')
  const hours = env.WEBHOOK_RETRY_HOURS?.trim() || String(minWebhookRetryHours)
  if (!/^\d+$/.test(hours) || Number(hours) < minWebhookRetryHours)
    throw new Error(`WEBHOOK_RETRY_HOURS must be a whole number of at least ${minWebhookRetryHours}`)
  if (Number(hours) > feedDays * 24)
    throw new Error(`WEBHOOK_RETRY_HOURS must end within CHANGE_FEED_RETENTION_DAYS (${feedDays * 24} hours)`)
  return { webhookSender: sender !== 'off', webhookRetryHours: Number(hours) }
}
