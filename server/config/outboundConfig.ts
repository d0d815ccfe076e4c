import { defaultOutboundPorts } from '../outbound/endpointPolicy'

type Env = Record<string, string | undefined>

/** Where the server's own outbound calls may go (server/outbound/, docs/operations.md). */
export interface OutboundConfig {
  /**
   * The ports an outbound https call (a push endpoint today) may be made to (OUTBOUND_PORTS, a comma list,
   * 443 by default). Whatever the ports, the host must still be public.
   */
  outboundPorts: readonly number[]
}

export function outboundConfigFrom(env: Env): OutboundConfig {
  const raw = env.OUTBOUND_PORTS ?? ''
  if (raw.trim() === '') return { outboundPorts: defaultOutboundPorts }
  const ports = raw.split(',').map((part) => part.trim())
  for (const port of ports)
    if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535)
      throw new Error(`OUTBOUND_PORTS must be a comma list of ports (1-65535), got "${raw}"`)
  return { outboundPorts: [...new Set(ports.map(Number))] }
}
