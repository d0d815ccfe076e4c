import { Webhook } from 'standardwebhooks'
import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { webhookSecret } from '../../../src/contract/operatorWebhooks'
import { webhookConfigFrom } from '../../../server/config/webhookConfig'
import { signingSecrets } from '../../../server/domain/webhookSecrets'
import { webhookBackoff } from '../../../server/webhooks/sender'
import { newWebhookSecret, signature, signedHeaders } from '../../../server/webhooks/signing'

describe('webhook signing', () => {
  const id = '0e9f6c1e-6a3b-4c55-9d0e-5b8f1f6d2a41'
  const body = '{"id":"0e9f6c1e-6a3b-4c55-9d0e-5b8f1f6d2a41","type":"trip.cancelled"}'
  const timestamp = 1_796_600_000

  it('makes secrets of the contract’s form, each its own', () => {
    const secrets = Array.from({ length: 20 }, newWebhookSecret)
    for (const secret of secrets) expect(webhookSecret.safeParse(secret).success, secret).toBe(true)
    expect(new Set(secrets).size).toBe(20)
  })

  it('signs as the standardwebhooks package does', () => {
    const secret = newWebhookSecret()
    expect(signature(secret, id, timestamp, body)).toBe(
      new Webhook(secret).sign(id, new Date(timestamp * 1000), body),
    )
  })

  it('lists one signature per signing secret, in the headers a receiver reads', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()]
    const headers = signedHeaders([current, previous], id, timestamp, body)
    expect(headers).toEqual({
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': `${signature(current, id, timestamp, body)} ${signature(previous, id, timestamp, body)}`,
    })
  })

  it('signs with the previous secret only until its overlap ends', () => {
    const now = Temporal.Instant.from('2026-12-07T05:00:00Z')
    const webhook = { secret: 'new', previous_secret: 'old', previous_secret_until: now.add({ hours: 1 }) }
    expect(signingSecrets(webhook, now)).toEqual(['new', 'old'])
    expect(signingSecrets(webhook, now.add({ hours: 1 }))).toEqual(['new'])
    expect(signingSecrets({ ...webhook, previous_secret: null }, now)).toEqual(['new'])
  })
})

describe('webhook retries', () => {
  it('back off 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then every 10 h, a tenth either way', () => {
    const hours = [5 / 3600, 5 / 60, 0.5, 2, 5, 10, 10, 10]
    hours.forEach((expected, index) => {
      for (let sample = 0; sample < 20; sample++) {
        const wait = webhookBackoff(index + 1).total('hours')
        expect(wait).toBeGreaterThanOrEqual(expected * 0.9)
        expect(wait).toBeLessThanOrEqual(expected * 1.1)
      }
    })
  })

  it('are configured on, for 72 hours, and never for less', () => {
    expect(webhookConfigFrom({}, 30)).toEqual({ webhookSender: true, webhookRetryHours: 72 })
    expect(webhookConfigFrom({ WEBHOOK_SENDER: 'off', WEBHOOK_RETRY_HOURS: '96' }, 30)).toEqual({
      webhookSender: false,
      webhookRetryHours: 96,
    })
    expect(() => webhookConfigFrom({ WEBHOOK_RETRY_HOURS: '48' }, 30)).toThrow(/at least 72/)
    expect(() => webhookConfigFrom({ WEBHOOK_RETRY_HOURS: '72.5' }, 30)).toThrow(/WEBHOOK_RETRY_HOURS/)
    expect(() => webhookConfigFrom({ WEBHOOK_SENDER: 'no' }, 30)).toThrow(/WEBHOOK_SENDER/)
    // The feed's retention would remove a delivery still being tried.
    expect(webhookConfigFrom({ WEBHOOK_RETRY_HOURS: '168' }, 7).webhookRetryHours).toBe(168)
    expect(() => webhookConfigFrom({ WEBHOOK_RETRY_HOURS: '169' }, 7)).toThrow(/CHANGE_FEED_RETENTION_DAYS/)
  })
})
