import type { Coordinates, TripAddress } from '../../contract/trip'

/** A stop's address as the screens list and draw it: a trip's, or a tracking link's, which has no alias. */
export type StopAddress = Omit<TripAddress, 'alias'> & { alias?: TripAddress['alias'] }

/** The stops of a trip, or of the trip a tracking link shows. */
export interface TripStops {
  startAddress: StopAddress
  endAddress: StopAddress
  viaPoints: readonly { viaPointAddress: StopAddress }[]
}

export type MapPlaceKind = 'start' | 'via' | 'end'

/** A stop of the trip as the map draws it and its text alternative lists it. */
export interface MapPlace {
  kind: MapPlaceKind
  /** The alias when the place has one, else its address. */
  name: string
  /** Null for an address without coordinates: listed, not drawn. */
  coordinates: Coordinates | null
}

function coordinatesOf(address: StopAddress): Coordinates | null {
  return address.lat === null || address.lng === null
    ? null
    : { latitude: address.lat, longitude: address.lng }
}

function placeOf(kind: MapPlaceKind, address: StopAddress): MapPlace {
  return { kind, name: address.alias || address.address, coordinates: coordinatesOf(address) }
}

/** The trip's stops in order: start, via points, end. */
export function mapPlaces(trip: TripStops): MapPlace[] {
  return [
    placeOf('start', trip.startAddress),
    ...trip.viaPoints.map((via) => placeOf('via', via.viaPointAddress)),
    placeOf('end', trip.endAddress),
  ]
}

/** The route line: the stops that have coordinates, in order; none when fewer than two. */
export function routeLine(places: readonly MapPlace[]): Coordinates[] {
  const points = places.flatMap((place) => (place.coordinates ? [place.coordinates] : []))
  return points.length >= 2 ? points : []
}

/**
 * Whether the trip detail shows the map (spec section 4): when the tracking panel shows and the start or the
 * end address has coordinates.
 */
export function showsTripMap(panelShown: boolean, trip: Omit<TripStops, 'viaPoints'>): boolean {
  return panelShown && (coordinatesOf(trip.startAddress) !== null || coordinatesOf(trip.endAddress) !== null)
}

/**
 * The map's zoom (spec section 9): 15 where it opens on one place, the closest a frame of several goes
 * (mapFrame.ts); the user may zoom from 10 to 17.
 */
export const mapZoom = { initial: 15, min: 10, max: 17 } as const
