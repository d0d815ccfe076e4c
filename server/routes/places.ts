import type { FastifyInstance } from 'fastify'
import { errorCodes } from '../../src/contract/common'
import { endpoints } from '../../src/contract/endpoints'
import { addressSearchLimit, type RouteDetails } from '../../src/contract/places'
import type { KeyStore } from '../auth/accessTokens'
import type { Geocoder } from '../geo/geocoder'
import { RouteError, type Router } from '../geo/router'
import { toSearchResults } from '../geo/searchResults'
import { HttpError } from '../plugins/errors'
import { registerEndpoint } from './registerEndpoint'

/** Kilometres to the metre. */
const kilometres = (metres: number) => Math.round(metres) / 1000

function routeFailure(error: unknown): unknown {
  if (!(error instanceof RouteError)) return error
  // The service being down is not the client's fault: 503, and the portal may try again.
  return error.reason === 'noRoute'
    ? new HttpError(400, errorCodes.routeNotFound, 'No road route connects these points')
    : new HttpError(503, errorCodes.routeUnavailable, 'The routing service is not available; try again later')
}

/** Address search and route measuring for booking, through the configured geocoder and router (server/geo/). */
export function registerPlaceRoutes(
  app: FastifyInstance,
  keys: KeyStore,
  services: { geocoder: Geocoder; router: Router },
): void {
  registerEndpoint(app, keys, endpoints.searchAddresses, async ({ query }) => {
    if (!query.q) return []
    const found = await services.geocoder.search(query.q, {
      limit: addressSearchLimit,
      language: query.lang ?? 'fi',
    })
    return toSearchResults(found, addressSearchLimit)
  })

  registerEndpoint(app, keys, endpoints.bookingRoute, async ({ request, body }): Promise<RouteDetails> => {
    const from = body[0]!
    const to = body[body.length - 1]!
    try {
      const [withVia, original] = await Promise.all([
        services.router.route(body),
        body.length > 2 ? services.router.route([from, to]) : null,
      ])
      return {
        routeWithViaPointDistance: kilometres(withVia.distanceMetres),
        routeWithViaPointDuration: withVia.durationSeconds,
        originalRouteDistance: kilometres((original ?? withVia).distanceMetres),
      }
    } catch (error) {
      if (error instanceof RouteError) request.log.warn({ reason: error.message }, 'route failed')
      throw routeFailure(error)
    }
  })
}
