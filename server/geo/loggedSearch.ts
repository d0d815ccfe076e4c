import { GeocodeError, type GeocodedAddress, type Geocoder, type SearchOptions } from './geocoder'

/** The part of a logger the adapters use (Fastify's and pino's fit). */
export interface ServiceLog {
  warn(object: object, message: string): void
}

/**
 * An adapter's search whose failure (a timeout, an error status, an answer of another shape) is logged without
 * the query (addresses are personal data) and thrown as a GeocodeError, which the API answers with 503: a failed
 * search must not look like an address that does not exist (spec section 8).
 */
export function loggedSearch(
  service: string,
  log: ServiceLog,
  search: (query: string, options: SearchOptions) => Promise<GeocodedAddress[]>,
): Geocoder {
  return {
    async search(query, options) {
      try {
        return await search(query, options)
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        log.warn({ service, reason }, 'address search failed')
        throw new GeocodeError(`${service}: ${reason}`)
      }
    },
  }
}
