import type { OutgoingHttpHeaders } from 'node:http'
import { Temporal } from 'temporal-polyfill'
import webPush from 'web-push'
import { createOutboundClient, type Blocked, type OutboundAnswer } from '../outbound/outboundClient'
import type { VapidKeyPair } from '../config/pushConfig'

/** What the push service said about one message. */
export type PushOutcome =
  | { kind: 'delivered' }
  /** 404 or 410: the subscription is gone for good. */
  | { kind: 'gone'; status: number }
  /** 429, 5xx or no answer: worth trying again, not before `retryAfterSeconds` when the service said so. */
  | { kind: 'retry'; status: number | null; retryAfterSeconds: number | null }
  /** Any other answer: this message will not go (too big, malformed, a key the service refuses). */
  | { kind: 'refused'; status: number }
  | Blocked

export interface PushMessage {
  endpoint: string
  p256dh: string
  auth: string
  payload: string
  ttlSeconds: number
  urgency: 'very-low' | 'low' | 'normal' | 'high'
  topic: string | null
}

export interface PushTransport {
  send(message: PushMessage): Promise<PushOutcome>
  close(): void
}

export interface TransportOptions {
  /** Read when a message is sent (vapid.ts, `vapidKeysOnce`). */
  vapid: () => Promise<VapidKeyPair>
  subject: string
  /** The ports endpoints may be on (OUTBOUND_PORTS). */
  allowedPorts: readonly number[]
  /** How long one request may take (10 s). */
  timeoutMs?: number
  /** Connections kept per push service host. */
  maxSockets?: number
}

function retryAfterSeconds(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header
  if (!value) return null
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const at = Date.parse(value)
  // An HTTP date: how far it is from the service's own Date is not known, so from our clock.
  return Number.isNaN(at)
    ? null
    : Math.max(0, Math.ceil((at - Temporal.Now.instant().epochMilliseconds) / 1000))
}

function outcomeOf(answer: OutboundAnswer): PushOutcome {
  // No answer, a timeout, or a lookup that failed (which may succeed later): try again.
  if (answer.kind === 'noAnswer') return { kind: 'retry', status: null, retryAfterSeconds: null }
  if (answer.kind === 'blocked') return answer
  const { status } = answer
  if (status >= 200 && status < 300) return { kind: 'delivered' }
  if (status === 404 || status === 410) return { kind: 'gone', status }
  if (status === 429 || status >= 500)
    return { kind: 'retry', status, retryAfterSeconds: retryAfterSeconds(answer.headers['retry-after']) }
  return { kind: 'refused', status }
}

/**
 * Sends Web Push messages: `web-push` signs the VAPID JWT and encrypts the payload (RFC 8291, aes128gcm); the
 * request itself goes through the outbound client (server/outbound/outboundClient.ts), so only over https to an
 * allowed port of a public host name, every connection checked against the endpoint policy, and keep-alive
 * agents carry many sends to one service.
 */
export function createPushTransport(options: TransportOptions): PushTransport {
  const client = createOutboundClient(options)
  return {
    async send(message) {
      const answer = await client.post(message.endpoint, async () => {
        const vapid = await options.vapid()
        const details = webPush.generateRequestDetails(
          { endpoint: message.endpoint, keys: { p256dh: message.p256dh, auth: message.auth } },
          message.payload,
          {
            vapidDetails: { subject: options.subject, ...vapid },
            TTL: message.ttlSeconds,
            urgency: message.urgency,
            ...(message.topic ? { topic: message.topic } : {}),
            contentEncoding: 'aes128gcm',
          },
        )
        return { headers: details.headers as OutgoingHttpHeaders, body: details.body }
      })
      return outcomeOf(answer)
    },
    close: () => client.close(),
  }
}
