import { Temporal } from 'temporal-polyfill'

export interface WebhookSecrets {
  secret: string
  previous_secret: string | null
  previous_secret_until: Temporal.Instant | null
}

/** The secrets that sign at `now`: the current one, and the one before it while its rotation's overlap lasts. */
export function signingSecrets(webhook: WebhookSecrets, now: Temporal.Instant): string[] {
  const { previous_secret: previous, previous_secret_until: until } = webhook
  return previous && until && Temporal.Instant.compare(now, until) < 0
    ? [webhook.secret, previous]
    : [webhook.secret]
}
