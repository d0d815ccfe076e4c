import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import type { LookupFunction } from 'node:net'
import { isPublicAddress } from './endpointPolicy'

/** An outbound host name resolved to an address the policy refuses. */
export class NonPublicAddress extends Error {
  constructor(readonly address: string) {
    super(`Outbound host resolves to a non-public address ${address}`)
  }
}

/**
 * Resolves as usual, refusing the name when any address it resolves to is not public (endpointPolicy.ts): every
 * outbound agent's lookup, run for each connection it makes, so the address connected to is the one checked.
 */
export const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0)
    const refused = addresses.find((entry) => !isPublicAddress(entry.address))
    if (refused) return callback(new NonPublicAddress(refused.address), '', 0)
    if (addresses.length === 0)
      return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0)
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
    callback(null, addresses[0]!.address, addresses[0]!.family)
  })
}
