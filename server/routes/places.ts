import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../src/contract/endpoints'
import { addressSearchLimit } from '../../src/contract/places'
import type { KeyStore } from '../auth/accessTokens'
import type { GeoCallLimits } from '../geo/callLimits'
import { GeocodeError, searchUnavailable, type Geocoder } from '../geo/geocoder'
import { routeDetails } from '../geo/routeDetails'
import type { Router } from '../geo/router'
import { toSearchResults } from '../geo/searchResults'
import { registerEndpoint } from './registerEndpoint'

/** Address search and route measuring for booking, through the configured geocoder and router (server/geo/). */
export function registerPlaceRoutes(
  app: FastifyInstance,
  keys: KeyStore,
  services: { geocoder: Geocoder; router: Router; geoLimits: GeoCallLimits },
): void {
  registerEndpoint(
    app,
    keys,
    endpoints.searchAddresses,
    async ({ query }) => {
      if (!query.q) return []
      try {
        const found = await services.geocoder.search(query.q, {
          limit: addressSearchLimit,
          language: query.lang ?? 'fi',
        })
        return toSearchResults(found, addressSearchLimit)
      } catch (error) {
        throw error instanceof GeocodeError ? searchUnavailable() : error
      }
    },
    { limit: services.geoLimits.search },
  )

  registerEndpoint(
    app,
    keys,
    endpoints.bookingRoute,
    ({ request, body }) => routeDetails(services.router, body, request.log),
    { limit: services.geoLimits.route },
  )
}
