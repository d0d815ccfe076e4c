import { createServer, type RequestListener } from 'node:http'
import { randomBytes } from 'node:crypto'
import fastifyCookie from '@fastify/cookie'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { errorCodes, textLimits } from '../src/contract/common'
import { createKeyStore } from './auth/accessTokens'
import { loginScope } from './routes/login/loginScope'
import { createSessionCache } from './auth/sessionCache'
import { createStrongAuthClient, type StrongAuthClient } from './auth/oidcClient'
import { demoStreets } from './demo/streets'
import { createTestIdentityProvider, testIdpMountPath } from './demo/testIdp/provider'
import { registerTestIdp } from './demo/testIdp/routes'
import { createDemoApprover } from './trips/booking/demoApproval'
import { receiptOnDelivery } from './trips/receipts'
import type { ServerConfig } from './config/config'
import type { Db } from './db/schema'
import { createGeoCallLimits } from './geo/callLimits'
import { createGeocoder, createRouter } from './geo/fromConfig'
import { loadServerI18n, type ServerI18n } from './i18n/catalogs'
import { registerKeyReleases } from './idempotency/keyReleases'
import { registerIdempotencyPurge } from './idempotency/purge'
import { registerPollMetrics } from './ops/pollMetrics'
import { registerOps } from './ops/registerOps'
import { createAnswerCache } from './reads/answerCache'
import { createPollReplay, type PollReplay } from './plugins/pollReplay'
import { watchReadVersions } from './reads/versionWatch'
import { registerApiDocs } from './plugins/apiDocs'
import { registerCompression } from './plugins/compression'
import { registerErrorHandler, sendApiError } from './plugins/errors'
import { registerSecurityHeaders } from './plugins/securityHeaders'
import { registerStaticPortal } from './plugins/staticPortal'
import { registerTenantResolution, tenantOptionsFrom, tenantRewriteUrl } from './plugins/tenant'
import { trustedHop } from './net/clientAddress'
import { apiRoutes } from './routes/api'
import { emailUnsubscribeScope } from './routes/emailUnsubscribe'
import { registerCalendarFeed } from './routes/calendar'
import { registerManifestRoutes } from './routes/manifest'
import { registerRetention } from './retention/retention'
import { registerPush } from './notifications/pushService'
import { registerEmail } from './email/emailService'
import { registerWebhooks } from './webhooks/webhookService'

export interface AppDeps {
  config: ServerConfig
  /** Migrated database; the caller owns it and closes it after the app. */
  db: Db
}

/**
 * Strong authentication: the configured OpenID Connect provider, or in demo mode the embedded test provider
 * mounted on this server; neither leaves only username and password.
 */
async function strongAuthFor(
  app: FastifyInstance,
  config: ServerConfig,
  i18n: ServerI18n,
): Promise<StrongAuthClient | null> {
  if (config.oidc) return createStrongAuthClient(config.oidc)
  if (!config.demo) return null
  const settings = {
    issuer: `${config.publicOrigin}${testIdpMountPath}`,
    publicOrigin: config.publicOrigin,
    port: config.port,
    clientId: 'portal-demo',
    clientSecret: randomBytes(24).toString('base64url'),
  }
  await registerTestIdp(app, await createTestIdentityProvider(settings), i18n)
  return createStrongAuthClient(settings)
}

/**
 * Slow clients are cut off: a request must be complete within `requestTimeoutMs` (headers sooner), else 408.
 * Node checks these on an interval (30 s by default), so it is kept short next to the headers timeout. Keep-alive
 * stays Fastify's 72 s, longer than the 60 s idle timeout of common load balancers, so the proxy closes first;
 * a socket idle for longer than that (a client that stopped reading) is dropped.
 */
function serverTimeouts(config: ServerConfig) {
  return {
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: 72_000,
    connectionTimeout: 120_000,
    http: {
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(config.headersTimeoutMs / 4)),
    },
  }
}

/**
 * The http server Fastify would make with these timeouts, with the poll front (server/plugins/pollReplay.ts)
 * answering before Fastify's handler.
 */
function serverWithFront(replay: PollReplay, timeouts: ReturnType<typeof serverTimeouts>) {
  return (handler: RequestListener) => {
    const server = createServer(timeouts.http, replay.listener(handler))
    server.keepAliveTimeout = timeouts.keepAliveTimeout
    server.requestTimeout = timeouts.requestTimeout
    server.setTimeout(timeouts.connectionTimeout)
    return server
  }
}

/** The API host: tenant resolution, sign-in pages, the JSON API with its OpenAPI document, and the built portal. */
export async function buildApp({ config, db }: AppDeps): Promise<FastifyInstance> {
  const proxies = trustedHop(config.trustProxy)
  const tenantOptions = tenantOptionsFrom(config, proxies)
  const versionWatch = await watchReadVersions(db)
  const pollReplay = createPollReplay(versionWatch.cache, { tenant: tenantOptions })
  const timeouts = serverTimeouts(config)
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: proxies ?? false,
    rewriteUrl: tenantRewriteUrl(tenantOptions),
    bodyLimit: 64 * 1024,
    // Every path parameter is judged by its schema (400 in the one error shape): the router's own limit, 100
    // characters, would answer a longer one 414 in a shape of its own.
    routerOptions: { maxParamLength: textLimits.token },
    ...timeouts,
    serverFactory: serverWithFront(pollReplay, timeouts),
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const i18n = await loadServerI18n()
  const keys = createKeyStore(db)
  app.decorate('sessionCache', createSessionCache(versionWatch))
  app.decorate('answerCache', createAnswerCache())
  app.decorate('versionWatch', versionWatch)
  app.decorate('pollReplay', pollReplay)
  // From the start of a close, Fastify answers 503 to what still arrives: the front replays nothing more.
  app.addHook('preClose', (done) => {
    pollReplay.stop()
    done()
  })
  app.addHook('onClose', () => versionWatch.stop())
  // Health and readiness for load balancers; metrics only for an operations listener (server/ops/).
  await registerOps(app, db, config.opsPort !== null)
  if (app.ops.metrics) registerPollMetrics(app.ops.metrics, app)
  registerErrorHandler(app)
  registerSecurityHeaders(app, config.mapOrigins)
  registerTenantResolution(app, db, i18n, tenantOptions)
  registerIdempotencyPurge(app, db)
  registerKeyReleases(app)
  registerRetention(app, db, config)
  await registerPush(app, db, config, i18n)
  registerEmail(app, db, config, i18n)
  // A delivered change is the receipt of a tenant whose dispatch system does not acknowledge.
  registerWebhooks(app, db, config, { onDelivered: receiptOnDelivery(db) })
  await app.register(fastifyCookie)
  await registerCompression(app)
  await registerApiDocs(app)

  await app.register(apiRoutes, {
    keys,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    session: config.session,
    errorReportingDsn: config.errorReportingDsn,
    mapStyleUrl: config.mapStyleUrl,
    mapTilesPath: config.mapTilesPath,
    passengerErasureDays: config.passengerErasureDays,
    mailEnabled: config.email.mode !== 'off',
    geocoder: createGeocoder(config, app.log, config.demo ? demoStreets() : undefined),
    router: createRouter(config),
    geoLimits: createGeoCallLimits(config),
    i18n,
    trackRateLimitPerMinute: config.trackRateLimitPerMinute,
    invitationRateLimitPerMinute: config.invitationRateLimitPerMinute,
    travelCardFailures: config.travelCardFailures,
    demoApprover:
      config.demoApprovalDelayMs === null ? null : createDemoApprover(app, db, config.demoApprovalDelayMs),
  })
  const strongAuth = await strongAuthFor(app, config, i18n)
  await app.register(loginScope, { config, i18n, keys, strongAuth })
  // Even with EMAIL=off: links in mails sent before keep working.
  await app.register(emailUnsubscribeScope, { i18n })
  registerManifestRoutes(app)
  registerCalendarFeed(app, i18n, config)

  const portal = await registerStaticPortal(app, config.staticDir)
  app.setNotFoundHandler((request, reply) => {
    const spa = portal.serveSpaFallback(request, reply)
    if (spa) return spa
    const path = request.url.split('?')[0]
    return sendApiError(reply, {
      statusCode: 404,
      code: errorCodes.notFound,
      message: `No route for ${request.method} ${path}`,
    })
  })
  return app
}
