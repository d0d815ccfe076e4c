import { isTenantId, type TenantId } from '../../tenants'
import { isLocalHost } from '../../src/domain/hosts'
import type { HostMap } from '../../src/domain/tenantResolution'
import { parseSentryDsn } from '../errorReporting/sentrySink'
import { geoConfigFrom, type GeoConfig } from './geoConfig'
import { mapConfigFrom, type MapConfig } from './mapConfig'
import { parseProxyTrust, type ProxyTrust } from '../net/clientAddress'
import { parseForwardedHostTrust } from '../net/forwardedHeaders'
import { parseDevHosts } from '../net/sharedHosts'
import { outboundConfigFrom, type OutboundConfig } from './outboundConfig'
import { emailConfigFrom } from './emailConfig'
import type { EmailConfig } from './emailConfig'
import { pushConfigFrom, type PushConfig } from './pushConfig'
import { webhookConfigFrom, type WebhookConfig } from './webhookConfig'
import type { SessionLifetime } from '../domain/sessionLifetime'
import {
  passengerErasureConfigFrom,
  retentionConfigFrom,
  type PassengerErasureConfig,
  type RetentionConfig,
} from './retentionConfig'

export interface OidcConfig {
  issuer: string
  clientId: string
  clientSecret: string
}

export interface ServerConfig
  extends
    GeoConfig,
    MapConfig,
    RetentionConfig,
    PassengerErasureConfig,
    PushConfig,
    WebhookConfig,
    OutboundConfig {
  port: number
  host: string
  /** PostgreSQL connection string; when absent, embedded PGlite is used. */
  databaseUrl: string | null
  /** PGlite data folder; null keeps the database in memory (tests). */
  pgliteDir: string | null
  /** Seeds demo data on an empty database, runs the embedded test identity provider. */
  demo: boolean
  /** External OpenID Connect provider (the bank-id broker); null in demo mode uses the embedded one. */
  oidc: OidcConfig | null
  /** Origin the browser reaches this server at, for OpenID Connect redirects, e.g. http://localhost:8080. */
  publicOrigin: string
  accessTokenTtlSeconds: number
  /** SESSION_TTL_SECONDS and SESSION_MAX_SECONDS: how a session slides (docs/auth.md). */
  session: SessionLifetime
  extraHosts: HostMap
  /**
   * Dev and staging host names that serve every tenant under a path prefix, as loopback names do (DEV_HOSTS;
   * server/net/sharedHosts.ts). No other host serves a tenant it does not name.
   */
  devHosts: readonly string[]
  /** Folder of the built portal; null serves no static files (API-only tests). */
  staticDir: string | null
  logLevel: string
  /**
   * Behind reverse proxies (TRUST_PROXY: how many, or their addresses): the client's address and protocol come
   * from the X-Forwarded-* headers those proxies wrote (server/net/clientAddress.ts); null believes none.
   */
  trustProxy: ProxyTrust
  /**
   * Whether the host comes from those proxies' X-Forwarded-Host rather than the Host header
   * (TRUST_FORWARDED_HOST=true, only with TRUST_PROXY; server/net/forwardedHeaders.ts).
   */
  trustForwardedHost: boolean
  /** A Sentry-compatible DSN that client error reports are forwarded to; null logs them only. */
  errorReportingDsn: string | null
  /** A request (headers and body) must arrive within this; a slower one is cut off with 408. */
  requestTimeoutMs: number
  /** The request's headers must arrive within this (at most `requestTimeoutMs`). */
  headersTimeoutMs: number
  /**
   * In demo mode, a booking is approved by itself this long after it is made (DEMO_APPROVAL_DELAY_MS, 5000 by
   * default; `off` leaves bookings to the operator API); null outside demo mode.
   */
  demoApprovalDelayMs: number | null
  /**
   * In demo mode, today's trips move in real time and the demo guardian always has one near (server/simulator):
   * on unless DEMO_SIMULATOR=off; never outside demo mode.
   */
  demoSimulator: boolean
  /**
   * Requests a client address may make to `GET api/track/{link}` a minute, per instance
   * (TRACK_RATE_LIMIT_PER_MINUTE, 300 by default: 50 open tracking screens polling every 10 s behind one address).
   */
  trackRateLimitPerMinute: number
  /**
   * Requests a client address may make a minute, per instance, to the invitation calls together: showing an
   * invitation, accepting one and registering a travel card (INVITATION_RATE_LIMIT_PER_MINUTE, 30 by default).
   */
  invitationRateLimitPerMinute: number
  /**
   * Failed travel card registrations one card number, or one holder name, may have in a window before it answers
   * 429 (TRAVEL_CARD_FAILURE_LIMIT, 5; TRAVEL_CARD_FAILURE_WINDOW_HOURS, 24), counted in the database.
   */
  travelCardFailures: { failures: number; windowHours: number }
  /** Operator API keys to store (hashed) at start, from OPERATOR_API_KEYS. */
  operatorApiKeys: readonly { tenant: TenantId; key: string }[]
  /**
   * The operations listener (`/metrics`, and `/health` and `/ready` with their checks) on a port of its own,
   * never the tenants' (OPS_PORT; null, the default, runs none and measures nothing).
   */
  opsPort: number | null
  /** The address the operations listener binds to (OPS_HOST, 127.0.0.1 by default). */
  opsHost: string
  /** SMTP_URL, MAIL_FROM, DKIM_*, EMAIL=off: how mails leave (server/config/emailConfig.ts). */
  email: EmailConfig
}

type Env = Record<string, string | undefined>

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, got "${raw}"`)
  return value
}

function sessionLifetime(env: Env): SessionLifetime {
  const idleSeconds = integer(env, 'SESSION_TTL_SECONDS', 12 * 3600)
  const maxSeconds = integer(env, 'SESSION_MAX_SECONDS', 7 * 24 * 3600)
  if (maxSeconds < idleSeconds)
    throw new Error(
      `SESSION_MAX_SECONDS (${maxSeconds}) must be at least SESSION_TTL_SECONDS (${idleSeconds})`,
    )
  return { idleSeconds, maxSeconds }
}

/** TENANT_HOSTS="espoo=espoo.staging.example.fi,demo=demo.example.com" */
function parseHostMap(raw: string | undefined): HostMap {
  const map: Record<string, TenantId> = {}
  for (const entry of (raw ?? '').split(',').filter(Boolean)) {
    const [tenant, host] = entry.split('=').map((part) => part.trim())
    if (!tenant || !host || !isTenantId(tenant))
      throw new Error(`TENANT_HOSTS entry "${entry}" is not tenant=host`)
    map[host.toLowerCase()] = tenant
  }
  return map
}

/** Configured operator keys must be long enough not to be guessed. */
export const operatorKeyMinLength = 24

/** OPERATOR_API_KEYS="espoo=<key>,demo=<key>": keys of at least 24 visible characters, no commas. */
function parseOperatorKeys(raw: string | undefined): { tenant: TenantId; key: string }[] {
  return (raw ?? '')
    .split(',')
    .filter((entry) => entry.trim())
    .map((entry) => {
      const separator = entry.indexOf('=')
      const tenant = entry.slice(0, separator).trim()
      const key = entry.slice(separator + 1).trim()
      if (
        separator < 0 ||
        !isTenantId(tenant) ||
        !/^[\x21-\x7e]+$/.test(key) ||
        key.length < operatorKeyMinLength
      ) {
        throw new Error(
          `OPERATOR_API_KEYS entry for "${tenant}" is not tenant=key with a key of ${operatorKeyMinLength}+ characters`,
        )
      }
      return { tenant, key }
    })
}

function oidcFrom(env: Env): OidcConfig | null {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env
  if (!issuer) return null
  if (!clientId || !clientSecret) throw new Error('OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET')
  return { issuer, clientId, clientSecret }
}

/** Checked at start, so a mistyped DSN stops the server instead of silently dropping every report. */
function errorReportingDsn(raw: string | undefined): string | null {
  if (!raw) return null
  parseSentryDsn(raw)
  return raw
}

function timeouts(env: Env): { requestTimeoutMs: number; headersTimeoutMs: number } {
  const requestTimeoutMs = integer(env, 'REQUEST_TIMEOUT_MS', 30_000)
  const headersTimeoutMs = integer(env, 'HEADERS_TIMEOUT_MS', Math.min(10_000, requestTimeoutMs))
  if (headersTimeoutMs > requestTimeoutMs)
    throw new Error('HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS')
  return { requestTimeoutMs, headersTimeoutMs }
}

/**
 * Demo mode mounts an identity provider that signs anyone in and seeds published passwords and operator keys:
 * on by default only where the portal is reached on loopback (a fresh `npm start`); a public origin gets it
 * only when DEMO=true asks for it, so a production start that forgot DEMO=false refuses to start.
 */
function demoMode(env: Env, publicOrigin: string): boolean {
  if (env.DEMO === 'false') return false
  if (env.DEMO === 'true') return true
  if (env.DEMO !== undefined && env.DEMO !== '') throw new Error('DEMO must be true or false')
  if (isLocalHost(new URL(publicOrigin).hostname)) return true
  throw new Error(
    `Refusing demo mode on the public origin ${publicOrigin}: set DEMO=false (with OIDC_*) for production, or DEMO=true for a public demo`,
  )
}

function demoSimulator(env: Env, demo: boolean): boolean {
  const value = env.DEMO_SIMULATOR ?? ''
  if (value !== '' && value !== 'on' && value !== 'off') throw new Error('DEMO_SIMULATOR must be on or off')
  return demo && value !== 'off'
}

function demoApprovalDelayMs(env: Env, demo: boolean): number | null {
  if (!demo || env.DEMO_APPROVAL_DELAY_MS === 'off') return null
  return integer(env, 'DEMO_APPROVAL_DELAY_MS', 5000)
}

/** OPS_PORT and OPS_HOST: off unless a port is given, and then on loopback unless told otherwise. */
function opsListener(env: Env, port: number): { opsPort: number | null; opsHost: string } {
  const opsPort = env.OPS_PORT ? integer(env, 'OPS_PORT', 0) : null
  if (opsPort === port) throw new Error("OPS_PORT must not be PORT: metrics stay off the tenants' port")
  return { opsPort, opsHost: env.OPS_HOST || '127.0.0.1' }
}

export function loadConfig(env: Env = process.env): ServerConfig {
  const port = integer(env, 'PORT', 8080)
  const publicOrigin = env.PUBLIC_ORIGIN ?? `http://localhost:${port}`
  const demo = demoMode(env, publicOrigin)
  const trustProxy = parseProxyTrust(env.TRUST_PROXY)
  const retention = retentionConfigFrom(env)
  return {
    port,
    host: env.HOST ?? '::',
    databaseUrl: env.DATABASE_URL || null,
    pgliteDir: env.PGLITE_DIR === 'memory' ? null : (env.PGLITE_DIR ?? '.data/pglite'),
    demo,
    demoApprovalDelayMs: demoApprovalDelayMs(env, demo),
    demoSimulator: demoSimulator(env, demo),
    oidc: oidcFrom(env),
    publicOrigin,
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 300),
    session: sessionLifetime(env),
    extraHosts: parseHostMap(env.TENANT_HOSTS),
    devHosts: parseDevHosts(env.DEV_HOSTS),
    staticDir: env.STATIC_DIR === 'none' ? null : (env.STATIC_DIR ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy,
    trustForwardedHost: parseForwardedHostTrust(env.TRUST_FORWARDED_HOST, trustProxy),
    ...timeouts(env),
    trackRateLimitPerMinute: integer(env, 'TRACK_RATE_LIMIT_PER_MINUTE', 300),
    invitationRateLimitPerMinute: integer(env, 'INVITATION_RATE_LIMIT_PER_MINUTE', 30),
    travelCardFailures: {
      failures: integer(env, 'TRAVEL_CARD_FAILURE_LIMIT', 5),
      windowHours: integer(env, 'TRAVEL_CARD_FAILURE_WINDOW_HOURS', 24),
    },
    operatorApiKeys: parseOperatorKeys(env.OPERATOR_API_KEYS),
    errorReportingDsn: errorReportingDsn(env.ERROR_REPORTING_DSN),
    ...geoConfigFrom(env, (name, fallback) => integer(env, name, fallback)),
    ...mapConfigFrom(env),
    ...opsListener(env, port),
    ...retention,
    ...passengerErasureConfigFrom(env),
    ...pushConfigFrom(env, publicOrigin),
    ...emailConfigFrom(env, demo, publicOrigin),
    ...webhookConfigFrom(env, retention.changeFeedRetentionDays),
    ...outboundConfigFrom(env),
  }
}
