import type { GeocodedAddress, Geocoder, SearchOptions } from './geocoder'

/** The part of a logger the adapters use (Fastify's and pino's fit). */
export interface ServiceLog {
  warn(object: object, message: string): void
}

/**
 * An adapter's search that cannot fail (spec section 8: a failed address search is an empty list, silently):
 * a timeout, an error status or an answer of another shape is logged without the query and gives no results.
 */
export function searchSafely(
  service: string,
  log: ServiceLog,
  search: (query: string, options: SearchOptions) => Promise<GeocodedAddress[]>,
): Geocoder {
  return {
    async search(query, options) {
      try {
        return await search(query, options)
      } catch (error) {
        log.warn(
          { service, reason: error instanceof Error ? error.message : String(error) },
          'address search failed',
        )
        return []
      }
    },
  }
}
