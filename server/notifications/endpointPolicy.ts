import { BlockList, isIP } from 'node:net'

/**
 * The server POSTs to a subscription's endpoint, a URL the browser (so any caller) gives: it must not be a way to
 * reach the server's own network (SSRF). An endpoint is accepted when its origin is listed in
 * PUSH_ALLOWED_ORIGINS, else only as https on a public host name: no IP literal, no single-label or local name.
 * At send time the address its name resolves to is checked again (`isPublicAddress`), so a name that points
 * inside is refused then too.
 */
export type EndpointRefusal = 'NotHttps' | 'NotPublicHost' | 'Malformed'

export function endpointRefusal(endpoint: string, allowedOrigins: readonly string[]): EndpointRefusal | null {
  if (!URL.canParse(endpoint)) return 'Malformed'
  const url = new URL(endpoint)
  if (allowedOrigins.includes(url.origin)) return null
  if (url.protocol !== 'https:') return 'NotHttps'
  if (url.username || url.password) return 'Malformed'
  const host = url.hostname.replace(/\.$/, '').toLowerCase()
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0 || !host.includes('.')) return 'NotPublicHost'
  if (/(?:^|\.)(?:localhost|local|internal|intranet|lan|home|corp|localdomain|home\.arpa)$/.test(host))
    return 'NotPublicHost'
  return null
}

/** Ranges that are not the public internet: loopback, private, link-local, CGNAT, multicast, reserved. */
const inside = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  inside.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  inside.addSubnet(network, prefix, 'ipv6')

export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  // An IPv4-mapped IPv6 address is judged as its IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  if (mapped) return !inside.check(mapped, 'ipv4')
  return !inside.check(address, family === 4 ? 'ipv4' : 'ipv6')
}
