import type { FastifyRequest } from 'fastify'

/**
 * Whether a browser sent this request from another site (login CSRF, logout by a foreign page).
 * `Sec-Fetch-Site` is trusted when present; else a foreign `Origin` counts (also `null`, an opaque origin);
 * a request with neither header comes from a client that is not a browser page, and passes.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site']
  if (site !== undefined) return site === 'cross-site'
  const origin = request.headers.origin
  return origin !== undefined && origin !== `${request.protocol}://${request.host}`
}

/** Whether a navigation was started by this origin's own page or by the user (typed, bookmarked). */
export function isOwnNavigation(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site']
  return site === 'same-origin' || site === 'none'
}
