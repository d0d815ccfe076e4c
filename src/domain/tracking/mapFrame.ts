import type { Coordinates } from '../../contract/trip'
import { mapZoom, type MapPlace } from './mapPlaces'

/** What the map shows: the box around the car and the stops, or one point when there is only one place. */
export type MapFrame =
  { kind: 'bounds'; southWest: Coordinates; northEast: Coordinates } | { kind: 'point'; center: Coordinates }

/** Room left around the framed places, in CSS pixels: the stops' and the car's symbols stay whole inside. */
export const mapFramePadding = 48

/**
 * The map frames the car and the trip's stops (the pickup, the via points, the destination) that have
 * coordinates, so all show at once; no closer than the spec's opening zoom (`mapFrameMaxZoom`), so a short
 * trip still shows its streets around. Null when nothing has coordinates.
 */
export function mapFrame(places: readonly MapPlace[], car: Coordinates | null): MapFrame | null {
  const points = [
    ...places.flatMap((place) => (place.coordinates ? [place.coordinates] : [])),
    ...(car ? [car] : []),
  ]
  const [first] = points
  if (!first) return null
  const latitudes = points.map((point) => point.latitude)
  const longitudes = points.map((point) => point.longitude)
  const southWest = { latitude: Math.min(...latitudes), longitude: Math.min(...longitudes) }
  const northEast = { latitude: Math.max(...latitudes), longitude: Math.max(...longitudes) }
  const onePlace = southWest.latitude === northEast.latitude && southWest.longitude === northEast.longitude
  return onePlace ? { kind: 'point', center: first } : { kind: 'bounds', southWest, northEast }
}

/** The closest a frame zooms in: the spec's opening zoom (section 9). */
export const mapFrameMaxZoom = mapZoom.initial
