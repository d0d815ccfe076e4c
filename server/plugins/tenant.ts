import type { IncomingMessage } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { errorCodes } from '../../src/contract/common'
import { normalizeHostname } from '../../src/domain/hosts'
import { resolveTenant, tenantFromPath, type HostMap } from '../../src/domain/tenantResolution'
import { getTenant, type TenantConfig, type TenantId } from '../../tenants'
import type { ServerConfig } from '../config/config'
import { tenantDb, type TenantDb } from '../db/tenantDb'
import type { Db } from '../db/schema'
import { requestHost, type TrustedHop } from '../net/clientAddress'
import { admitForwardedHeaders } from '../net/forwardedHeaders'
import { portalUrlRule, type PortalUrlRule } from '../net/portalUrl'
import { sharedHostRule } from '../net/sharedHosts'
import { tenantTimeZone } from '../time/timeZone'
import type { ServerI18n } from '../i18n/catalogs'
import { pageLocale } from '../i18n/pageLocale'
import { renderUnknownTenantPage } from '../pages/unknownTenant'
import { sendApiError } from './errors'

export interface RequestTenant {
  id: TenantId
  config: TenantConfig
  /** '' or '/espoo' when the tenant came from the path prefix (already stripped from the URL). */
  pathPrefix: string
  /** The tenant's time zone on the host it was reached on (server/time/timeZone.ts). */
  timeZone: string
  /**
   * The portal's root for the absolute links the server writes (calendar feeds, a device's notifications, the
   * sign-in's return): server/net/portalUrl.ts.
   */
  portalUrl: string
}

declare module 'fastify' {
  interface FastifyRequest {
    tenant: RequestTenant
    /** The data of this request's tenant: every query is scoped by it. */
    db: TenantDb
  }
  interface FastifyContextConfig {
    /** false for routes that serve every host alike (the embedded identity provider). */
    tenant?: boolean
  }
}

export interface TenantOptions {
  extraHosts: HostMap
  /** Hosts that serve every tenant: loopback names and DEV_HOSTS. */
  sharedHost: (hostname: string) => boolean
  /** The trusted proxies (TRUST_PROXY); null for none. */
  proxies: TrustedHop | null
  /** Whether the trusted proxies' X-Forwarded-Host names the host (TRUST_FORWARDED_HOST). */
  forwardedHost: boolean
  portalUrl: PortalUrlRule
}

/** The tenant rule of a configuration, with its trusted proxies (TRUST_PROXY's, made once for Fastify too). */
export function tenantOptionsFrom(config: ServerConfig, proxies: TrustedHop | null): TenantOptions {
  return {
    extraHosts: config.extraHosts,
    sharedHost: sharedHostRule(config.devHosts),
    proxies,
    forwardedHost: config.trustForwardedHost,
    portalUrl: portalUrlRule(config.publicOrigin),
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

/**
 * A request's tenant with what its host decides (`RequestTenant`), an unknown tenant, or a tenant resolved from
 * the host or header while the path names another tenant as its prefix.
 */
type RequestResolution =
  | ({ kind: 'tenant'; tenantId: TenantId } & Pick<RequestTenant, 'pathPrefix' | 'timeZone' | 'portalUrl'>)
  | { kind: 'unknown'; requested: string }
  | { kind: 'mismatch'; resolved: TenantId; prefix: TenantId }

/**
 * The tenant of a request. A `/{tenant}` path prefix that agrees with the host or header is stripped like one
 * on a local host, and one that names another tenant is a mismatch: routing the rest for the resolved tenant
 * would answer one tenant's URL with another's data, and left in place it would reach the portal's fallback.
 * Only a host the server knows resolves (a tenant's, a loopback or DEV_HOSTS name), so the zone and links that
 * follow from it are the configuration's, never a Host header's.
 */
function resolve(raw: IncomingMessage, url: string, options: TenantOptions): RequestResolution {
  // Every request is resolved before anything reads its X-Forwarded-* headers (Fastify's rewriteUrl, the poll
  // front): here they are cut to what is trusted, for everything after.
  admitForwardedHeaders(raw, { proxies: options.proxies, host: options.forwardedHost })
  const pathname = url.split('?')[0] ?? '/'
  // Resolved before routing, so from the raw request, by the rule Fastify's request.host follows after it.
  const hostname = requestHost(raw, options.proxies)
  const resolution = resolveTenant({
    hostname,
    pathname,
    header: headerValue(raw.headers['x-tenant']),
    extraHosts: options.extraHosts,
    sharedHost: options.sharedHost,
  })
  if (resolution.kind !== 'tenant') return resolution
  const { tenantId } = resolution
  const prefix = tenantFromPath(pathname)
  if (resolution.pathPrefix === '' && prefix && prefix !== tenantId)
    return { kind: 'mismatch', resolved: tenantId, prefix }
  const host = normalizeHostname(hostname)
  return {
    kind: 'tenant',
    tenantId,
    pathPrefix: prefix ? `/${prefix}` : '',
    timeZone: tenantTimeZone(tenantId, host, options.extraHosts),
    portalUrl: options.portalUrl(tenantId, host, resolution.source === 'host'),
  }
}

/**
 * Each request's resolution, worked out once by `rewriteUrl` and read again by the onRequest hook: kept on the
 * request itself, as a WeakMap entry per request costs the garbage collector more than the lookup saves.
 */
const resolutionKey = Symbol('tenant resolution')
type ResolvedMessage = IncomingMessage & { [resolutionKey]?: RequestResolution }

export function resolveOnce(raw: ResolvedMessage, url: string, options: TenantOptions): RequestResolution {
  return (raw[resolutionKey] ??= resolve(raw, url, options))
}

/** Fastify's `rewriteUrl`: `/espoo/login` on a local host is routed as `/login` for tenant espoo. */
export function tenantRewriteUrl(options: TenantOptions): (raw: IncomingMessage) => string {
  return (raw) => {
    const url = raw.url ?? '/'
    const resolution = resolveOnce(raw, url, options)
    if (resolution.kind !== 'tenant' || resolution.pathPrefix === '') return url
    const rest = url.slice(resolution.pathPrefix.length)
    return rest.startsWith('/') ? rest : `/${rest}`
  }
}

/** An API call, with or without a tenant's path prefix (unstripped on a host that serves no tenant). */
function isApiCall(url: string): boolean {
  const prefix = tenantFromPath(url)
  const path = (prefix ? url.slice(prefix.length + 1) : url).split('?', 1)[0]!
  return path === '/api' || path.startsWith('/api/')
}

function rejectUnknownTenant(
  request: FastifyRequest,
  reply: FastifyReply,
  requested: string,
  i18n: ServerI18n,
): FastifyReply {
  const message = `Unknown tenant "${requested}": no transport service is configured for this address`
  if (isApiCall(request.url)) {
    return sendApiError(reply, { statusCode: 404, code: errorCodes.unknownTenant, message })
  }
  const locale = pageLocale(request)
  return reply
    .code(404)
    .type('text/html; charset=utf-8')
    .send(renderUnknownTenantPage(i18n(locale), locale, requested))
}

/** Resolves every request's tenant (host, then X-Tenant, then path prefix on local hosts) before routing on. */
export function registerTenantResolution(
  app: FastifyInstance,
  db: Db,
  i18n: ServerI18n,
  options: TenantOptions,
): void {
  app.decorateRequest('tenant', null as unknown as RequestTenant)
  app.decorateRequest('db', null as unknown as TenantDb)
  // The repositories of a tenant hold nothing but the database and the tenant id: bind them once per tenant.
  const tenantDbs = new Map<TenantId, TenantDb>()
  const dbOf = (tenant: TenantId) => {
    let bound = tenantDbs.get(tenant)
    if (!bound) tenantDbs.set(tenant, (bound = tenantDb(db, tenant, app.versionWatch.cache)))
    return bound
  }
  // A callback hook, not an async one: it runs on every request, and a promise per hook is measurable there.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.tenant === false) return done()
    const resolution = resolveOnce(request.raw, request.originalUrl, options)
    if (resolution.kind === 'unknown') {
      rejectUnknownTenant(request, reply, resolution.requested, i18n)
      return
    }
    if (resolution.kind === 'mismatch') {
      sendApiError(reply, {
        statusCode: 400,
        code: errorCodes.tenantMismatch,
        message: `The path names tenant "${resolution.prefix}" but the request is for "${resolution.resolved}"`,
      })
      return
    }
    request.tenant = {
      id: resolution.tenantId,
      config: getTenant(resolution.tenantId),
      pathPrefix: resolution.pathPrefix,
      timeZone: resolution.timeZone,
      portalUrl: resolution.portalUrl,
    }
    request.db = dbOf(resolution.tenantId)
    done()
  })
}
