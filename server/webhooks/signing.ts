import { createHmac, randomBytes } from 'node:crypto'

/**
 * Standard Webhooks' signing (https://www.standardwebhooks.com): a secret is `whsec_` and the base64 of its key;
 * a signature is `v1,` and the base64 HMAC-SHA256, under that key, of `${webhook-id}.${webhook-timestamp}.${body}`;
 * `webhook-signature` lists one per signing secret, space-separated, and a receiver accepts any that verifies.
 */
const secretPrefix = 'whsec_'

/** A new secret: 24 random bytes (webhookSecret in src/contract/operatorWebhooks.ts). */
export function newWebhookSecret(): string {
  return `${secretPrefix}${randomBytes(24).toString('base64')}`
}

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(secretPrefix.length), 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

/** The headers of one attempt to deliver `body` as `id`, signed by each of `secrets`, at `timestamp` (unix s). */
export function signedHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signature(secret, id, timestamp, body)).join(' '),
  }
}
