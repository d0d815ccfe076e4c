import type { FastifyInstance } from 'fastify'
import { isLocalHost } from '../../src/domain/hosts'

/**
 * A policy for the Vite-built portal and the server-rendered pages: scripts only from this origin, inline styles
 * allowed (the pages and Radix set style attributes), images also from data: and blob: URLs, the map's worker
 * from blob:, calls only to this origin and the configured map's (MAP_STYLE_URL, MAP_ORIGINS), never framed.
 */
export function contentSecurityPolicyWith(mapOrigins: readonly string[]): string {
  const map = mapOrigins.map((origin) => ` ${origin}`).join('')
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${map}`,
    "font-src 'self'",
    "worker-src 'self' blob:",
    `connect-src 'self'${map}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** The policy with no map host: the portal's basemap is its own. */
export const contentSecurityPolicy = contentSecurityPolicyWith([])

/** A year; no includeSubDomains, since a tenant's host may share its parent domain with other services. */
export const strictTransportSecurity = 'max-age=31536000'

export function registerSecurityHeaders(app: FastifyInstance, mapOrigins: readonly string[] = []): void {
  const headers = {
    'content-security-policy': contentSecurityPolicyWith(mapOrigins),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  }
  // A callback hook, not an async one: it runs on every answer, polls included.
  app.addHook('onSend', (request, reply, payload, done) => {
    // Only answers that came over https may pin it, and never on loopback, where development runs plain http.
    if (request.protocol === 'https' && !isLocalHost(request.hostname))
      reply.header('strict-transport-security', strictTransportSecurity)
    reply.headers(headers)
    done(null, payload)
  })
}
