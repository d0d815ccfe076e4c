import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'
import type { ProxyTrust, TrustedHop } from './clientAddress'

/** What a request's X-Forwarded-* headers may tell the server (TRUST_PROXY, TRUST_FORWARDED_HOST). */
export interface ForwardedTrust {
  /** The trusted proxies; null believes none. */
  proxies: TrustedHop | null
  /** Whether their X-Forwarded-Host names the host (else the Host header does, as a proxy that keeps it sends). */
  host: boolean
}

/**
 * TRUST_FORWARDED_HOST: `true` takes the host the tenant is resolved from out of the X-Forwarded-Host of
 * TRUST_PROXY's proxies, for proxies that rewrite Host; unset or `false` keeps the Host header. Asked apart from
 * TRUST_PROXY, which is about the client's address, since most proxies pass Host on and a client can send an
 * X-Forwarded-Host of its own that a proxy leaves in place.
 */
export function parseForwardedHostTrust(raw: string | undefined, proxies: ProxyTrust): boolean {
  const value = raw?.trim() ?? ''
  if (value === '' || value === 'false') return false
  if (value !== 'true') throw new Error(`TRUST_FORWARDED_HOST must be true or false, got "${raw}"`)
  if (!proxies) {
    throw new Error(
      'TRUST_FORWARDED_HOST=true reads the host from proxies the server trusts: set TRUST_PROXY too',
    )
  }
  return true
}

/**
 * The door every request passes before anything reads its X-Forwarded-* headers (Fastify's `request.ip`, `host`
 * and `protocol`, the poll front, the embedded identity provider), so that they all see one view of it:
 * - X-Forwarded-Host is removed unless it is trusted.
 * - X-Forwarded-For loses its rightmost entry that is not an IP address and everything to the left of it: such
 *   an entry was not written by an honest proxy (a client that reached the server past it, or one whose header
 *   the proxy passed on), and each made-up value would be an address of its own with a fresh rate limit. The
 *   client is then the hop that delivered it, the last address the server can vouch for.
 */
export function admitForwardedHeaders(raw: IncomingMessage, trust: ForwardedTrust): void {
  const { headers } = raw
  if (!trust.host || !trust.proxies) delete headers['x-forwarded-host']
  const forwardedFor = headers['x-forwarded-for']
  if (!trust.proxies || forwardedFor === undefined) return
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',')
  let kept = entries.length
  while (kept > 0 && isIP(entries[kept - 1]!.trim()) !== 0) kept--
  if (kept === 0) return
  if (kept === entries.length) delete headers['x-forwarded-for']
  else headers['x-forwarded-for'] = entries.slice(kept).join(',')
}
