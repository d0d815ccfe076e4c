import { BlockList, isIP } from 'node:net'

/**
 * The server calls URLs that others give it (a push subscription's endpoint is whatever a browser, so any caller,
 * says): they must not be a way to reach the server's own network (SSRF). A URL is accepted only as https on an
 * allowed port (OUTBOUND_PORTS, 443 by default) of a public host name: no IP literal, no single-label or local
 * name. When connecting, the addresses its name resolves to are checked too (`isPublicAddress`, publicLookup.ts),
 * so a name that points inside is refused then. There is no exception: tests reach their stand-ins through the
 * same checks (tests/support/standInNetwork.mjs).
 */
export type EndpointRefusal = 'NotHttps' | 'PortNotAllowed' | 'NotPublicHost' | 'Malformed'

/** Why an outbound URL was refused: the URL itself, or (when connecting) an address its name resolved to. */
export type OutboundRefusal = EndpointRefusal | 'NotPublicAddress'

/** The ports outbound calls may go to unless OUTBOUND_PORTS says otherwise. */
export const defaultOutboundPorts: readonly number[] = [443]

export function endpointRefusal(
  endpoint: string,
  allowedPorts: readonly number[] = defaultOutboundPorts,
): EndpointRefusal | null {
  if (!URL.canParse(endpoint)) return 'Malformed'
  const url = new URL(endpoint)
  if (url.protocol !== 'https:') return 'NotHttps'
  if (url.username || url.password) return 'Malformed'
  // The URL parser drops https' default port.
  if (!allowedPorts.includes(url.port === '' ? 443 : Number(url.port))) return 'PortNotAllowed'
  const host = url.hostname.replace(/\.$/, '').toLowerCase()
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0 || !host.includes('.')) return 'NotPublicHost'
  if (/(?:^|\.)(?:localhost|local|internal|intranet|lan|home|corp|localdomain|home\.arpa)$/.test(host))
    return 'NotPublicHost'
  return null
}

/**
 * IPv4 ranges that are not the public internet (IANA's special-purpose registry, those not globally reachable).
 * Apart from the IPv6 rules: a BlockList matches an IPv4 address against IPv6 rules through its mapped form, so
 * `::ffff:0:0/96` in one list with these refused every IPv4 address.
 */
const insideIpv4 = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast
] as const)
  insideIpv4.addSubnet(network, prefix, 'ipv4')

/**
 * IPv6: only global unicast (2000::/3) is public, which leaves out ::/96 (IPv4-compatible, loopback,
 * unspecified), 64:ff9b:1::/48 (local-use translation), 100::/64 (discard), fc00::/7 (unique local), fe80::/10
 * (link-local), fec0::/10 (site-local) and ff00::/8 (multicast); less these ranges inside it.
 */
const globalUnicast = new BlockList()
globalUnicast.addSubnet('2000::', 3, 'ipv6')
const insideGlobalUnicast = new BlockList()
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID ...
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: a tunnel to an IPv4 address, which is not checked
  ['3fff::', 20], // documentation
] as const)
  insideGlobalUnicast.addSubnet(network, prefix, 'ipv6')

/** The eight 16-bit groups of an IPv6 address, from its canonical form (which writes an embedded IPv4 in hex). */
function groupsOf(address: string): number[] | null {
  if (!URL.canParse(`http://[${address}]/`)) return null
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1)
  const [head = '', tail] = canonical.split('::')
  const groups = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : [])
  if (tail === undefined) return groups(head)
  const [first, last] = [groups(head), groups(tail)]
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last]
}

/**
 * The IPv4 address an IPv6 address stands for where it only carries one: IPv4-mapped (::ffff:0:0/96, how a
 * dual-stack socket writes an IPv4 peer) and NAT64's well-known prefix (64:ff9b::/96, DNS64's synthesized
 * answers on an IPv6-only network, which reach that IPv4 address).
 */
function embeddedIpv4(groups: readonly number[]): string | null {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0)
  const mapped = zeros(0, 5) && groups[5] === 0xffff
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)
  if (!mapped && !nat64) return null
  const [high = 0, low = 0] = groups.slice(6)
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return !insideIpv4.check(address, 'ipv4')
  // An address with a zone (fe80::1%eth0) is link-local by nature; the URL parser refuses it.
  const groups = family === 6 ? groupsOf(address) : null
  if (!groups) return false
  const ipv4 = embeddedIpv4(groups)
  if (ipv4) return !insideIpv4.check(ipv4, 'ipv4')
  return globalUnicast.check(address, 'ipv6') && !insideGlobalUnicast.check(address, 'ipv6')
}
