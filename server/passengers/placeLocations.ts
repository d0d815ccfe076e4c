import { errorCodes } from '../../src/contract/common'
import type { PlaceItem } from '../../src/contract/operatorPassengers'
import { HttpError } from '../errors/httpError'
import { GeocodeError, searchUnavailable, type Geocoder } from '../geo/geocoder'
import { toSearchResults } from '../geo/searchResults'
import { failed, succeeded, type Outcome } from './outcomes'

/** A place with its coordinates, given or found. */
export type LocatedPlace = PlaceItem & { latitude: number; longitude: number }

/** A few results, of which the first the portal's address search would show (complete, within limits) is taken. */
const searchOptions = { limit: 5, language: 'fi' } as const

const notPlaced = () =>
  new HttpError(400, errorCodes.validation, 'The address could not be placed; send latitude and longitude', [
    { property: 'address', error: 'not_found' },
  ])

/**
 * Each place with its coordinates: those given, else those of the first result the address search would show for
 * its address (server/geo/searchResults.ts), whose postal code, city and street number fill those left out. 400
 * validation_failed naming address when there is none, 503 address_search_unavailable when the geocoder fails
 * (the places after it are then not tried: the service is away). One search at a time, as geocoding services ask
 * of a batch. No query: call before the transaction begins (a request's begins at its first query).
 */
export async function locatePlaces(
  geocoder: Geocoder,
  items: readonly PlaceItem[],
): Promise<Outcome<LocatedPlace>[]> {
  let unavailable = false
  const outcomes: Outcome<LocatedPlace>[] = []
  for (const item of items) {
    const { latitude, longitude } = item
    if (latitude !== undefined && latitude !== null && longitude !== undefined && longitude !== null) {
      outcomes.push(succeeded({ ...item, latitude, longitude }))
      continue
    }
    if (unavailable) {
      outcomes.push(failed(searchUnavailable()))
      continue
    }
    try {
      const found = toSearchResults(await geocoder.search(item.address, searchOptions), 1)[0]
      outcomes.push(
        found
          ? succeeded({
              ...item,
              latitude: found.latitude,
              longitude: found.longitude,
              streetnumber: item.streetnumber ?? found.streetnumber,
              postalcode: item.postalcode ?? found.postalcode,
              city: item.city ?? found.city,
            })
          : failed(notPlaced()),
      )
    } catch (error) {
      if (!(error instanceof GeocodeError)) throw error
      unavailable = true
      outcomes.push(failed(searchUnavailable()))
    }
  }
  return outcomes
}
