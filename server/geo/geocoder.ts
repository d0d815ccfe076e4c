import { errorCodes } from '../../src/contract/common'
import type { Locale } from '../../src/domain/locale'
import { HttpError } from '../errors/httpError'

/**
 * One address as a geocoding service found it, before the portal's rules (server/geo/searchResults.ts) drop
 * it for a missing postal code or locality and shape it into a search result.
 */
export interface GeocodedAddress {
  street: string
  streetnumber: string | null
  postalcode: string | null
  city: string | null
  latitude: number
  longitude: number
  /** A named place's name (a school, a station); null for a plain address. */
  name: string | null
  /** The service's own one-line text, when it has a usable one; else the line is composed from the parts. */
  label: string | null
}

export interface SearchOptions {
  limit: number
  language: Locale
}

/** Address search behind one interface: the embedded gazetteer or a geocoding service's adapter. */
export interface Geocoder {
  /** Throws GeocodeError when the service fails, is slow or answers nonsense (logged); none found is []. */
  search(query: string, options: SearchOptions): Promise<GeocodedAddress[]>
}

/** The geocoding service failed or did not answer in time: the search could not be made, which is not "none". */
export class GeocodeError extends Error {}

/** The geocoding service failed: the portal shows that the search failed, not that nothing was found. */
export const searchUnavailable = () =>
  new HttpError(
    503,
    errorCodes.addressSearchUnavailable,
    'The address search service is not available; try again later',
  )
