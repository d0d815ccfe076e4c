import { randomBytes } from 'node:crypto'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { createTestIdentityProvider, testIdpMountPath } from '../../../server/demo/testIdp/provider'
import { registerTestIdp } from '../../../server/demo/testIdp/routes'
import { loadServerI18n } from '../../../server/i18n/catalogs'
import { freePort } from './server'

/** An identity broker for a portal started with DEMO=false: the environment that points the portal at it. */
export interface IdentityBroker {
  /** OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for the portal. */
  env: { OIDC_ISSUER: string; OIDC_CLIENT_ID: string; OIDC_CLIENT_SECRET: string }
  close(): Promise<void>
}

/**
 * The embedded test identity provider on a port of its own, standing in for the bank-id broker outside our
 * machines, for a portal that will listen on `portalPort` (the broker takes its callbacks there only).
 */
export async function startIdentityBroker(portalPort: number): Promise<IdentityBroker> {
  const clientId = 'portal-production'
  const clientSecret = randomBytes(24).toString('base64url')
  const brokerPort = await freePort()
  const issuer = `http://127.0.0.1:${brokerPort}${testIdpMountPath}`
  const broker = Fastify()
  broker.setValidatorCompiler(validatorCompiler)
  broker.setSerializerCompiler(serializerCompiler)
  const provider = await createTestIdentityProvider({
    issuer,
    publicOrigin: `http://localhost:${portalPort}`,
    port: portalPort,
    clientId,
    clientSecret,
  })
  await registerTestIdp(broker, provider, await loadServerI18n())
  await broker.listen({ host: '127.0.0.1', port: brokerPort })
  return {
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
    close: () => broker.close(),
  }
}
