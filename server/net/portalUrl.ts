import type { FastifyRequest } from 'fastify'

/**
 * The portal's address as this request reached it: protocol and host as Fastify has them (behind TRUST_PROXY's
 * proxies, from X-Forwarded-*; else the socket's), and the tenant's path prefix when the request came with one.
 * For absolute URLs the server hands out (the sign-in's return, calendar feeds).
 */
export function portalUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${request.tenant.pathPrefix}`
}
