import { randomBytes } from 'node:crypto'
import { exportJWK, generateKeyPair } from 'jose'
import Provider, { type Configuration } from 'oidc-provider'
import { tenantIds } from '../../../tenants'
import { fullName, testIdentities } from '../identities'

export const testIdpMountPath = '/idp'

export interface TestIdpSettings {
  /** `{publicOrigin}/idp` */
  issuer: string
  publicOrigin: string
  port: number
  clientId: string
  clientSecret: string
}

/** Every host form a tenant is reached at on this port: `{id}.localhost`, `localhost/{id}`, 127.0.0.1 and [::1]. */
export function demoRedirectUris(port: number, publicOrigin: string): string[] {
  const origins = [
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
    `http://[::1]:${port}`,
    publicOrigin,
  ]
  const uris = new Set<string>()
  for (const origin of origins) uris.add(`${origin}/login/callback`)
  for (const id of tenantIds) {
    uris.add(`http://${id}.localhost:${port}/login/callback`)
    for (const origin of origins) uris.add(`${origin}/${id}/login/callback`)
  }
  return [...uris]
}

/**
 * The embedded test identity provider of demo mode (oidc-provider). It keeps its sessions and codes in
 * oidc-provider's in-memory adapter, and its signing and cookie keys are made at start: a stand-in for the
 * bank-id broker on one instance, not a production identity provider.
 */
export async function createTestIdentityProvider(settings: TestIdpSettings): Promise<Provider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test-idp', alg: 'RS256', use: 'sig' }
  const configuration: Configuration = {
    clients: [
      {
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        redirect_uris: demoRedirectUris(settings.port, settings.publicOrigin),
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], profile: ['name', 'given_name', 'family_name'] },
    // The portal reads the person's name from the ID token.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${testIdpMountPath}/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    findAccount: (_ctx, subject) => {
      const identity = testIdentities.find((candidate) => candidate.subject === subject)
      if (!identity) return undefined
      return {
        accountId: subject,
        claims: () => ({
          sub: subject,
          name: fullName(identity),
          given_name: identity.givenName,
          family_name: identity.familyName,
        }),
      }
    },
  }
  const provider = new Provider(settings.issuer, configuration)
  // Koa believes the first X-Forwarded-* entry of any peer; the routes hand it only Fastify's own view of the
  // request, by TRUST_PROXY's rule (routes.ts).
  provider.proxy = true
  return provider
}
