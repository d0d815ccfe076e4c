import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { Temporal } from 'temporal-polyfill'
import webPush from 'web-push'
import { endpointRefusal, isPublicAddress } from './endpointPolicy'
import type { VapidKeyPair } from './pushConfig'

/** What the push service said about one message. */
export type PushOutcome =
  | { kind: 'delivered' }
  /** 404 or 410: the subscription is gone for good. */
  | { kind: 'gone'; status: number }
  /** 429, 5xx or no answer: worth trying again, not before `retryAfterSeconds` when the service said so. */
  | { kind: 'retry'; status: number | null; retryAfterSeconds: number | null }
  /** Any other answer: this message will not go (too big, malformed, a key the service refuses). */
  | { kind: 'refused'; status: number }

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
  allowedOrigins: readonly string[]
  /** How long one request may take (10 s). */
  timeoutMs?: number
  /** Connections kept per push service host. */
  maxSockets?: number
}

/** Resolves as usual, refusing a name that points inside (endpointPolicy.ts): checked for every connection. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0)
    const refused = addresses.find((entry) => !isPublicAddress(entry.address))
    if (refused || addresses.length === 0)
      return callback(new Error(`Push endpoint host ${hostname} resolves to a non-public address`), '', 0)
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
    callback(null, addresses[0]!.address, addresses[0]!.family)
  })
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

function outcomeOf(status: number, retryAfter: string | string[] | undefined): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'delivered' }
  if (status === 404 || status === 410) return { kind: 'gone', status }
  if (status === 429 || status >= 500)
    return { kind: 'retry', status, retryAfterSeconds: retryAfterSeconds(retryAfter) }
  return { kind: 'refused', status }
}

/**
 * Sends Web Push messages: `web-push` signs the VAPID JWT and encrypts the payload (RFC 8291, aes128gcm); the
 * request itself is ours, so that it goes over plain http only to a PUSH_ALLOWED_ORIGINS origin, every
 * connection is checked against the endpoint policy, and keep-alive agents carry many sends to one service.
 */
export function createPushTransport(options: TransportOptions): PushTransport {
  const timeout = options.timeoutMs ?? 10_000
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 32, lookup: publicLookup }
  const httpsAgent = new https.Agent(agentOptions)
  // Only allowed origins are reached over http; they are the operator's own, so they are resolved as they are.
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 32 })
  const allowedHttpsAgent = new https.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 32 })

  return {
    async send(message) {
      const refusal = endpointRefusal(message.endpoint, options.allowedOrigins)
      if (refusal) return { kind: 'gone', status: 0 }
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
      const url = new URL(message.endpoint)
      const allowed = options.allowedOrigins.includes(url.origin)
      const secure = url.protocol === 'https:'
      const agent = !secure ? httpAgent : allowed ? allowedHttpsAgent : httpsAgent
      return new Promise<PushOutcome>((resolve) => {
        const request = (secure ? https : http).request(
          url,
          { method: 'POST', headers: details.headers as http.OutgoingHttpHeaders, agent, timeout },
          (response) => {
            response.resume()
            response.on('end', () =>
              resolve(outcomeOf(response.statusCode ?? 0, response.headers['retry-after'])),
            )
            response.on('error', () => resolve({ kind: 'retry', status: null, retryAfterSeconds: null }))
          },
        )
        request.on('timeout', () => request.destroy(new Error('push request timed out')))
        request.on('error', () => resolve({ kind: 'retry', status: null, retryAfterSeconds: null }))
        request.end(details.body ?? undefined)
      })
    },
    close() {
      httpsAgent.destroy()
      httpAgent.destroy()
      allowedHttpsAgent.destroy()
    },
  }
}
