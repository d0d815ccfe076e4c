import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http'
import https from 'node:https'
import { endpointRefusal, type OutboundRefusal } from './endpointPolicy'
import { NonPublicAddress, publicLookup } from './publicLookup'

/**
 * Not sent: the endpoint policy refused the URL, or an address its host name resolved to (nothing was connected
 * to). A refusal, not a failure of the network.
 */
export interface Blocked {
  kind: 'blocked'
  reason: OutboundRefusal
  host: string
  address?: string
}

/** What came of one POST. */
export type OutboundAnswer =
  | { kind: 'answered'; status: number; headers: IncomingHttpHeaders }
  /** No answer: refused or reset connection, a timeout, a lookup that failed (which may succeed later). */
  | { kind: 'noAnswer'; error: Error }
  | Blocked

/** A request's headers and body, made only once its URL has passed the policy (a signature, an encryption). */
export interface OutboundRequest {
  headers: OutgoingHttpHeaders
  body: string | Buffer | null
}

export interface OutboundClient {
  post(url: string, request: () => OutboundRequest | Promise<OutboundRequest>): Promise<OutboundAnswer>
  /** Closes the kept connections. */
  close(): void
}

export interface OutboundClientOptions {
  /** The ports URLs may be on (OUTBOUND_PORTS). */
  allowedPorts: readonly number[]
  /** How long one request may take (10 s). */
  timeoutMs?: number
  /** Connections kept per host. */
  maxSockets?: number
}

/**
 * Every outbound call's POST (push services, webhooks): only over https to an allowed port of a public host name
 * (endpointPolicy.ts), every connection's addresses checked as it is made (publicLookup.ts), and keep-alive
 * connections carrying many posts to one host. The answer's body is not read.
 */
export function createOutboundClient(options: OutboundClientOptions): OutboundClient {
  const timeout = options.timeoutMs ?? 10_000
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: options.maxSockets ?? 32,
    lookup: publicLookup,
  })

  return {
    async post(url, build) {
      const host = URL.canParse(url) ? new URL(url).hostname : ''
      const refusal = endpointRefusal(url, options.allowedPorts)
      if (refusal) return { kind: 'blocked', reason: refusal, host }
      const { headers, body } = await build()
      return new Promise<OutboundAnswer>((resolve) => {
        const request = https.request(url, { method: 'POST', headers, agent, timeout }, (response) => {
          response.resume()
          response.on('end', () =>
            resolve({ kind: 'answered', status: response.statusCode ?? 0, headers: response.headers }),
          )
          response.on('error', (error) => resolve({ kind: 'noAnswer', error }))
        })
        request.on('timeout', () => request.destroy(new Error('outbound request timed out')))
        request.on('error', (error) =>
          resolve(
            error instanceof NonPublicAddress
              ? { kind: 'blocked', reason: 'NotPublicAddress', host, address: error.address }
              : { kind: 'noAnswer', error },
          ),
        )
        request.end(body ?? undefined)
      })
    },
    close() {
      agent.destroy()
    },
  }
}
