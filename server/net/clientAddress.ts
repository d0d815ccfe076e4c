import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'
import proxyAddr from '@fastify/proxy-addr'

/**
 * Which peers' `X-Forwarded-*` headers are believed (TRUST_PROXY): the `hops` proxies nearest to the server,
 * or peers at these addresses and CIDR ranges; null believes none. A bare `true` is no choice: it would take
 * the client's own leftmost `X-Forwarded-For` entry, so anyone could pick the address every limit counts.
 */
export type ProxyTrust = { hops: number } | { addresses: readonly string[] } | null

/** Whether the address `hop` steps from the server (0: the socket's peer) is a proxy whose headers count. */
export type TrustedHop = (address: string, hop: number) => boolean

const usage =
  'set TRUST_PROXY to the number of proxies in front of the server (TRUST_PROXY=1) or to their addresses and CIDR ranges (TRUST_PROXY=10.0.0.0/8,192.168.1.2); unset, false or 0 trusts none'

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/')
  const family = isIP(address)
  if (!family || rest.length > 0) return false
  if (bits === undefined) return true
  if (isIP(bits) === family) return true
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)
}

/** TRUST_PROXY; anything it cannot read (`true` among them) stops the server at start with what to set. */
export function parseProxyTrust(raw: string | undefined): ProxyTrust {
  const value = raw?.trim() ?? ''
  if (value === '' || value === 'false' || value === '0') return null
  if (value === 'true') {
    throw new Error(`TRUST_PROXY=true would believe any client's X-Forwarded-For: ${usage}`)
  }
  if (/^\d+$/.test(value)) return { hops: Number(value) }
  const addresses = value.split(',').map((entry) => entry.trim())
  for (const entry of addresses) {
    if (!isAddressOrRange(entry)) {
      throw new Error(`TRUST_PROXY entry "${entry}" is not an address or CIDR range: ${usage}`)
    }
  }
  try {
    proxyAddr.compile(addresses)
  } catch (error) {
    throw new Error(`TRUST_PROXY: ${(error as Error).message}: ${usage}`)
  }
  return { addresses }
}

/** The trust as a function of each hop, what Fastify's `trustProxy` and proxy-addr take; null for none. */
export function trustedHop(trust: ProxyTrust): TrustedHop | null {
  if (!trust) return null
  if ('hops' in trust) {
    const { hops } = trust
    return (_address, hop) => hop < hops
  }
  return proxyAddr.compile([...trust.addresses])
}

/**
 * The client's address: the rightmost address of `X-Forwarded-For` (after the socket's peer) that is not a
 * trusted proxy, as Fastify's `request.ip` is, for code that runs before Fastify (the poll front). Both read the
 * header as `admitForwardedHeaders` left it (server/net/forwardedHeaders.ts): never an entry that is no address.
 */
export function clientAddress(raw: IncomingMessage, trust: TrustedHop | null): string {
  return trust ? proxyAddr(raw, trust) : (raw.socket.remoteAddress ?? '')
}

/**
 * The host the browser asked for, as Fastify's `request.host` is: the last `X-Forwarded-Host` entry (the one
 * the nearest proxy wrote) when the socket's peer is a trusted proxy, else `Host`. The request keeps that header
 * only with TRUST_FORWARDED_HOST (`admitForwardedHeaders`, server/net/forwardedHeaders.ts).
 */
export function requestHost(raw: IncomingMessage, trust: TrustedHop | null): string {
  const forwarded = raw.headers['x-forwarded-host']?.toString()
  const peer = raw.socket.remoteAddress
  if (trust && forwarded && peer !== undefined && trust(peer, 0)) {
    return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim()
  }
  return raw.headers.host ?? ''
}

/** A valid IPv6 address's eight groups; the URL parser writes it canonically (an IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const canonical = new URL(`http://[${address.split('%')[0]}]`).hostname.slice(1, -1)
  const [before, after] = canonical.split('::').map((side) => (side ? side.split(':') : []))
  const groups = [
    ...before!,
    ...Array<string>(8 - before!.length - (after?.length ?? 0)).fill('0'),
    ...(after ?? []),
  ]
  return groups.map((group) => parseInt(group, 16))
}

/**
 * What a per-address limit counts by: an IPv4 address as it is (an IPv4-mapped IPv6 one, `::ffff:a.b.c.d`, as
 * its IPv4 address), an IPv6 address by its /64 prefix, since one subscriber is usually given a whole /64.
 */
export function limitKey(address: string): string {
  if (isIP(address) !== 6) return address
  const groups = ipv6Groups(address)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}
