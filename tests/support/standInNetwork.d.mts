/** A stand-in service's place on the simulated network (standInNetwork.mjs). */
export interface StandInTarget {
  /** Its TLS port on 127.0.0.1. */
  port: number
  /** Its self-signed certificate (PEM), trusted for its name only. */
  ca: string
  /** What its name resolves to; null: the resolver fails for now (EAI_AGAIN). */
  address: string | null
}

export interface StandInRoute {
  resolveTo(address: string | null): void
  remove(): void
}

export function routeToStandIn(hostName: string, target: StandInTarget): StandInRoute

export function forChildProcess(entries: readonly (StandInTarget & { hostName: string })[]): {
  nodeArgs: string[]
  env: Record<string, string>
}
