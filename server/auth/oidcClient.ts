import * as client from 'openid-client'

export interface StrongAuthSettings {
  issuer: string
  clientId: string
  clientSecret: string
}

export interface StrongAuthClient {
  /** The issuer's discovered configuration, fetched on first use and kept; a failed discovery is retried. */
  configuration(): Promise<client.Configuration>
}

/**
 * The OpenID Connect client of strong authentication. Discovery is lazy: in demo mode the issuer is this very
 * server, which only answers once it listens.
 */
export function createStrongAuthClient(settings: StrongAuthSettings): StrongAuthClient {
  let discovered: Promise<client.Configuration> | null = null
  const discover = () =>
    client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      undefined,
      // The embedded test provider runs on plain http on loopback.
      settings.issuer.startsWith('http:') ? { execute: [client.allowInsecureRequests] } : undefined,
    )
  return {
    configuration() {
      discovered ??= discover().catch((error: unknown) => {
        discovered = null
        throw error
      })
      return discovered
    },
  }
}
