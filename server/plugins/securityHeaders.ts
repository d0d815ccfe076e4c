import type { FastifyInstance } from 'fastify'
import { isLocalHost } from '../../src/domain/hosts'

/**
 * A policy for the Vite-built portal and the server-rendered pages: scripts only from this origin, inline styles
 * allowed (the pages and Radix set style attributes), images also from data: and blob: URLs, the map's worker
 * from blob:, calls only to this origin, never framed.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** A year; no includeSubDomains, since a tenant's host may share its parent domain with other services. */
export const strictTransportSecurity = 'max-age=31536000'

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // Only answers that came over https may pin it, and never on loopback, where development runs plain http.
    if (request.protocol === 'https' && !isLocalHost(request.hostname))
      reply.header('strict-transport-security', strictTransportSecurity)
    reply.header('content-security-policy', contentSecurityPolicy)
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    reply.header('x-frame-options', 'DENY')
    reply.header('cross-origin-opener-policy', 'same-origin')
    return payload
  })
}
