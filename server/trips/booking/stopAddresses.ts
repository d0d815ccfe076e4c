import type { BookingDestination } from '../../../src/contract/booking'
import type { Place } from '../../../src/contract/passenger'
import { addressSearchLimit, type AddressSearchResult } from '../../../src/contract/places'
import { greatCircleMetres } from '../../../src/domain/greatCircle'
import type { Locale } from '../../../src/domain/locale'
import type { Address, TripBooking } from '../../domain/tripEvents'
import { GeocodeError, searchUnavailable, type Geocoder } from '../../geo/geocoder'
import { toSearchResults } from '../../geo/searchResults'

/**
 * How far a searched address's coordinates may be from where the server's geocoder puts its text: the same
 * address, as the search answered it, give or take a building (a venue's point and its entrance's).
 */
export const addressMatchMetres = 50

/**
 * What the server makes of a stop's text. A saved place (`placeId`) is named by the place's own address;
 * a searched one by the geocoder's own result for its text at its coordinates (`found`), or it is `offMap`:
 * the geocoder puts that text elsewhere, or nowhere.
 */
export type StopLookup =
  { kind: 'saved' } | { kind: 'found'; place: AddressSearchResult } | { kind: 'offMap' }

/**
 * The searches for a stop's text: its address, and then, for a named place (a school, a station), with its
 * name first, as a venue may lie further from its street address than the match allows.
 */
function queriesOf(stop: BookingDestination): string[] {
  const locality = [stop.postalcode, stop.city].filter(Boolean).join(' ')
  const address = [stop.address, locality].filter(Boolean).join(', ')
  return stop.alias ? [address, `${stop.alias}, ${address}`] : [address]
}

const sameText = (stop: BookingDestination, found: AddressSearchResult) =>
  found.address === stop.address && found.postalcode === stop.postalcode && found.city === stop.city

/** The geocoder's result for `query` at the stop's coordinates: the one that reads as sent first, else the nearest. */
async function match(
  geocoder: Geocoder,
  stop: BookingDestination,
  query: string,
  language: Locale,
): Promise<AddressSearchResult | undefined> {
  const results = toSearchResults(
    await geocoder.search(query, { limit: addressSearchLimit, language }),
    addressSearchLimit,
  )
  return results
    .map((place) => ({ place, metres: greatCircleMetres(place, stop) }))
    .filter(({ metres }) => metres <= addressMatchMetres)
    .sort(
      (a, b) => Number(sameText(stop, b.place)) - Number(sameText(stop, a.place)) || a.metres - b.metres,
    )[0]?.place
}

async function lookUp(geocoder: Geocoder, stop: BookingDestination, language: Locale): Promise<StopLookup> {
  if (stop.placeId !== null) return { kind: 'saved' }
  for (const query of queriesOf(stop)) {
    const place = await match(geocoder, stop, query, language)
    if (place) return { kind: 'found', place }
  }
  return { kind: 'offMap' }
}

/**
 * Asks the geocoder about every searched stop (call before any transaction: it is the network): the text an
 * operator reads must be what the server's geocoder says is at the coordinates the rules judged, not whatever
 * the request said. A geocoder that fails is a 503 address_search_unavailable.
 */
export async function lookUpStops(
  geocoder: Geocoder,
  stops: readonly BookingDestination[],
  language: Locale,
): Promise<StopLookup[]> {
  try {
    return await Promise.all(stops.map((stop) => lookUp(geocoder, stop, language)))
  } catch (error) {
    throw error instanceof GeocodeError ? searchUnavailable() : error
  }
}

/** "Koivukuja 12 A 3, 02110 Espoo": the apartment after the street address, before the locality. */
function withApartment(line: string, apartment: string | null): string {
  if (!apartment) return line
  const comma = line.indexOf(',')
  return comma < 0 ? `${line} ${apartment}` : `${line.slice(0, comma)} ${apartment}${line.slice(comma)}`
}

/** A stop as the trip records it: the saved place's or the geocoder's words, at the judged coordinates. */
function tripAddress(stop: BookingDestination, lookup: StopLookup, places: readonly Place[]): Address {
  const point = { lat: stop.latitude, lng: stop.longitude }
  if (lookup.kind === 'found') {
    const { alias, address, postalcode, city } = lookup.place
    return { alias, address: withApartment(`${address}, ${postalcode} ${city}`, stop.apartment), ...point }
  }
  // The rules passed: a saved place is the passenger's own, and a searched stop was found.
  const place = places.find((candidate) => candidate.id === stop.placeId)
  if (lookup.kind !== 'saved' || !place) throw new Error('A stop that passed the rules has no address')
  return { alias: place.alias, address: withApartment(place.address, stop.apartment), ...point }
}

/** The stops of a judged booking as the trip records them. */
export function tripStops(
  stops: readonly BookingDestination[],
  lookups: readonly StopLookup[],
  places: readonly Place[],
): Pick<TripBooking, 'startPlaceId' | 'endPlaceId' | 'startAddress' | 'endAddress' | 'viaPoints'> {
  const last = stops.length - 1
  const address = (index: number) => tripAddress(stops[index]!, lookups[index]!, places)
  return {
    startPlaceId: stops[0]!.placeId,
    endPlaceId: stops[last]!.placeId,
    startAddress: address(0),
    endAddress: address(last),
    viaPoints: stops.slice(1, last).map((via, index) => ({
      address: address(index + 1),
      placeId: via.placeId,
      time: null,
      waitMinutes: via.waitTime,
    })),
  }
}
