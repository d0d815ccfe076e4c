import type { FastifyRequest } from 'fastify'

/**
 * Whether a form post came from a page of another origin (login CSRF, a logout forced by a foreign page).
 * Only this origin's own pages and the user (`Sec-Fetch-Site: same-origin` or `none`) may post: every tenant is
 * a sibling host of one domain, so `same-site` is another tenant's page, which must not sign a browser in or
 * out here. Without `Sec-Fetch-Site` (an older browser) the `Origin` must be this one (`null`, an opaque
 * origin, is not); a request with neither header comes from a client that is not a browser page, and passes.
 */
export function isForeignPost(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site']
  if (site !== undefined) return !isOwnNavigation(request)
  const origin = request.headers.origin
  return origin !== undefined && origin !== `${request.protocol}://${request.host}`
}

/** Whether a navigation was started by this origin's own page or by the user (typed, bookmarked). */
export function isOwnNavigation(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site']
  return site === 'same-origin' || site === 'none'
}
