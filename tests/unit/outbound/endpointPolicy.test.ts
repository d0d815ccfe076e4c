import { describe, expect, it } from 'vitest'
import { outboundConfigFrom } from '../../../server/config/outboundConfig'
import { endpointRefusal, isPublicAddress } from '../../../server/outbound/endpointPolicy'

describe('the addresses a push endpoint may resolve to (endpointPolicy.ts)', () => {
  it.each([
    // Public resolvers and push services of both families.
    '8.8.8.8',
    '1.1.1.1',
    '142.250.74.110',
    '2001:4860:4860::8888',
    '2606:4700:4700::1111',
    '2a00:1450:4026:808::200a',
    // Just outside the ranges below.
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '169.255.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '191.255.255.255',
    '192.0.1.0',
    '192.0.3.0',
    '192.88.98.255',
    '192.88.100.0',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '198.51.99.255',
    '198.51.101.0',
    '203.0.112.255',
    '203.0.114.0',
    '223.255.255.255',
    '2000::',
    '2001:200::',
    '2001:db7:ffff:ffff:ffff:ffff:ffff:ffff',
    '2001:db9::',
    '2001:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    '2003::',
    '3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    // An IPv4 address inside IPv6 is judged as the IPv4 address, in either spelling.
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '::FFFF:1.1.1.1',
    '64:ff9b::8.8.8.8',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })

  it.each([
    // IPv4: each range's first and last address.
    ['0.0.0.0', 'this network'],
    ['0.255.255.255', 'this network'],
    ['10.0.0.0', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.0', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['127.0.0.0', 'loopback'],
    ['127.255.255.255', 'loopback'],
    ['169.254.0.0', 'link-local'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['169.254.255.255', 'link-local'],
    ['172.16.0.0', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.0', 'IETF protocol assignments'],
    ['192.0.0.255', 'IETF protocol assignments'],
    ['192.0.2.0', 'documentation (TEST-NET-1)'],
    ['192.0.2.255', 'documentation (TEST-NET-1)'],
    ['192.88.99.0', '6to4 relay anycast'],
    ['192.88.99.255', '6to4 relay anycast'],
    ['192.168.0.0', 'private'],
    ['192.168.255.255', 'private'],
    ['198.18.0.0', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.0', 'documentation (TEST-NET-2)'],
    ['198.51.100.255', 'documentation (TEST-NET-2)'],
    ['203.0.113.0', 'documentation (TEST-NET-3)'],
    ['203.0.113.255', 'documentation (TEST-NET-3)'],
    ['224.0.0.0', 'multicast'],
    ['239.255.255.255', 'multicast'],
    ['240.0.0.0', 'reserved'],
    ['255.255.255.255', 'limited broadcast'],
    // IPv6.
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::8.8.8.8', 'IPv4-compatible (deprecated)'],
    ['::ffff:ffff', 'IPv4-compatible (deprecated)'],
    ['::ffff:10.0.0.1', 'IPv4-mapped, private'],
    ['::ffff:127.0.0.1', 'IPv4-mapped, loopback'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped, link-local'],
    ['::ffff:0:8.8.8.8', 'IPv4-translated (SIIT)'],
    ['64:ff9b::10.0.0.1', 'NAT64, private'],
    ['64:ff9b::7f00:1', 'NAT64, loopback'],
    ['64:ff9b:1::', 'local-use NAT64'],
    ['64:ff9b:1:ffff:ffff:ffff:ffff:ffff', 'local-use NAT64'],
    ['100::', 'discard-only'],
    ['100::ffff:ffff:ffff:ffff', 'discard-only'],
    ['1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'not global unicast'],
    ['2001::', 'Teredo'],
    ['2001:0:ffff:ffff:ffff:ffff:ffff:ffff', 'Teredo'],
    ['2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff', 'IETF protocol assignments'],
    ['2001:2::', 'benchmarking'],
    ['2001:db8::', 'documentation'],
    ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', 'documentation'],
    ['2002::', '6to4'],
    ['2002:a00:1::', '6to4 of a private address'],
    ['2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '6to4'],
    ['3fff::', 'documentation'],
    ['3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff', 'documentation'],
    ['4000::', 'not global unicast'],
    ['fc00::', 'unique local'],
    ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'unique local'],
    ['fe80::', 'link-local'],
    ['febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'link-local'],
    ['fec0::', 'site-local (deprecated)'],
    ['feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'site-local (deprecated)'],
    ['ff02::1', 'multicast'],
    ['ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'multicast'],
    // Not an address at all.
    ['fe80::1%eth0', 'with a zone'],
    ['push.example.com', 'a name'],
    ['', 'empty'],
  ])('%s is not public (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })
})

describe('the endpoints a device may subscribe (endpointPolicy.ts)', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc123',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGx',
    'https://fcm.googleapis.com:443/fcm/send/abc123',
    'https://FCM.googleapis.com./fcm/send/abc123',
  ])('accepts %s', (endpoint) => {
    expect(endpointRefusal(endpoint)).toBeNull()
  })

  it.each([
    ['not a url', 'Malformed'],
    ['https://user:secret@fcm.googleapis.com/x', 'Malformed'],
    ['http://fcm.googleapis.com/x', 'NotHttps'],
    ['ftp://fcm.googleapis.com/x', 'NotHttps'],
    ['https://fcm.googleapis.com:8443/x', 'PortNotAllowed'],
    ['https://fcm.googleapis.com:80/x', 'PortNotAllowed'],
    ['https://8.8.8.8/x', 'NotPublicHost'],
    ['https://[2001:4860:4860::8888]/x', 'NotPublicHost'],
    ['https://localhost/x', 'NotPublicHost'],
    ['https://metadata.internal/x', 'NotPublicHost'],
    ['https://intranet/x', 'NotPublicHost'],
  ])('refuses %s: %s', (endpoint, refusal) => {
    expect(endpointRefusal(endpoint)).toBe(refusal)
  })
})

describe('the outbound ports (OUTBOUND_PORTS)', () => {
  it('are 443 unless configured, and a configured list is the only ports allowed', () => {
    expect(outboundConfigFrom({}).outboundPorts).toEqual([443])
    const { outboundPorts } = outboundConfigFrom({ OUTBOUND_PORTS: '443, 8443,8443' })
    expect(outboundPorts).toEqual([443, 8443])
    expect(endpointRefusal('https://push.example.com:8443/x', outboundPorts)).toBeNull()
    expect(endpointRefusal('https://push.example.com/x', outboundPorts)).toBeNull()
    expect(endpointRefusal('https://push.example.com:80/x', outboundPorts)).toBe('PortNotAllowed')
    expect(endpointRefusal('https://push.example.com/x', [8443])).toBe('PortNotAllowed')
  })

  it('never let a private host through, whatever the ports', () => {
    expect(endpointRefusal('https://localhost:8443/x', [8443])).toBe('NotPublicHost')
    expect(endpointRefusal('https://10.0.0.1:8443/x', [8443])).toBe('NotPublicHost')
  })

  it.each(['0', '65536', 'https', '443;80', '443,'])('stop the server at start when they read %s', (raw) => {
    expect(() => outboundConfigFrom({ OUTBOUND_PORTS: raw })).toThrow(/OUTBOUND_PORTS/)
  })
})
