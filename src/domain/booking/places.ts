import type { Place } from '../../contract/passenger'
import { tripDestinations, type TripDestinations } from '../../contract/codes'
import type { Quota } from '../../contract/permissions'

/** A place the trip can start, stop or end at: one with coordinates, which the route and the booking need. */
export type LocatedPlace = Place & { latitude: number; longitude: number }

export function isLocated(place: Place): place is LocatedPlace {
  return place.latitude !== null && place.longitude !== null
}

type PlaceKinds = Pick<Place, 'isHome' | 'isPickup' | 'isMain' | 'isSecondaryPlace'>

const mapSources: ReadonlySet<Place['source']> = new Set(['mapPlaceResult', 'mapPlacePrediction'])

/** A place found by searching the map rather than one saved for the passenger. */
export function isMapPlace(place: Pick<Place, 'source'>): boolean {
  return mapSources.has(place.source)
}

/** The kinds of saved place each restricted value keeps (spec section 4). */
const keeps: Partial<Record<TripDestinations, (place: PlaceKinds) => boolean>> = {
  [tripDestinations.homeOrMain]: (place) => place.isHome || place.isPickup || place.isMain,
  [tripDestinations.homeOrSecondary]: (place) => place.isHome || place.isPickup || place.isSecondaryPlace,
  [tripDestinations.mainOrSecondary]: (place) => place.isMain || place.isSecondaryPlace,
}

/**
 * Whether a saved place may be a trip's end under the permission: 0, 4 and 5 keep only their kinds of place;
 * place groups (1), the passenger's places (2) and free places (3) keep every place offered, because the
 * places offered are already the group's or the passenger's.
 */
export function isPlaceAllowed(place: PlaceKinds, destinations: TripDestinations): boolean {
  return keeps[destinations]?.(place) ?? true
}

/** The passenger's places the from, to and via fields offer under the permission. */
export function allowedPlaces<P extends PlaceKinds>(
  places: readonly P[],
  destinations: TripDestinations,
): P[] {
  return places.filter((place) => isPlaceAllowed(place, destinations))
}

/**
 * Free places: any address may be searched on the map, and only then do the apartment fields show (spec
 * section 2: "Apartment fields show only when all places are allowed").
 */
export function allowsFreePlaces(destinations: TripDestinations): boolean {
  return destinations === tripDestinations.freePlaces
}

/**
 * Whether a trip may start, end or stop at a place chosen earlier: a searched address only with free places, a
 * saved place by its kind. A booking made under one permission and moved to another is checked again by this.
 */
export function isDestinationAllowed(
  place: PlaceKinds & Pick<Place, 'source'>,
  destinations: TripDestinations,
): boolean {
  if (allowsFreePlaces(destinations)) return true
  return !isMapPlace(place) && isPlaceAllowed(place, destinations)
}

/**
 * The passenger's saved places the from, to and via fields offer under a permission: those with coordinates
 * (the route and the booking need them), on place groups (1) only the groups' places, and by kind for 0, 4 and
 * 5. No permission chosen yet: none.
 */
export function offeredPlaces(
  places: readonly Place[],
  quota: Pick<Quota, 'tripDestinations' | 'placeGroups'> | null,
): Place[] {
  if (!quota) return []
  const grouped = new Set(quota.placeGroups.flatMap((group) => group.placeIds))
  const located = places.filter(
    (place) =>
      isLocated(place) && (quota.tripDestinations !== tripDestinations.placeGroups || grouped.has(place.id)),
  )
  return allowedPlaces(located, quota.tripDestinations)
}

/**
 * A place as the summary names it: its alias (with its display name when that says more, "Koulu, Keskuskoulu"),
 * and under it the street address to check (the display name when that is the address in full), unless the name
 * already is that address.
 */
export function placeWords(place: Pick<Place, 'alias' | 'display' | 'address'>): {
  name: string
  street: string | null
} {
  const alias = place.alias?.trim() || null
  const displayIsAddress = place.display.includes(place.address)
  const street = displayIsAddress ? place.display : place.address
  const named = alias && !displayIsAddress && place.display !== alias
  const name = alias ? (named ? `${alias}, ${place.display}` : alias) : place.display
  return { name, street: street && street !== name ? street : null }
}
