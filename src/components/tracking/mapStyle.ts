import type { Feature, FeatureCollection, LineString, Point } from 'geojson'
import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl'
import type { Coordinates } from '../../contract/trip'
import type { CarHeading } from '../../domain/tracking/carHeading'
import type { MapPlace } from '../../domain/tracking/mapPlaces'

/**
 * The map's colours, fixed in every theme like the panel's: the stops and the car keep 3:1 against the land and
 * the water they sit on (WCAG 1.4.11), and their white rims part them from the route. The pickup is a ring and
 * the destination a disc, so they differ by more than colour (the legend, MapLegend.tsx, draws the same).
 */
export const mapColors = {
  water: '#a8c8dc',
  land: '#eeebe3',
  border: '#7d6f8f',
  route: '#1f5fa8',
  routeCasing: '#ffffff',
  start: '#1b7a3a',
  via: '#5b5b5b',
  end: '#b3261e',
  car: '#0b3d91',
  rim: '#ffffff',
} as const

/** The portal's own basemap, drawn from local data with no text (so no glyphs are fetched). */
export function embeddedStyle(basemap: FeatureCollection): StyleSpecification {
  return {
    version: 8,
    sources: { basemap: { type: 'geojson', data: basemap, attribution: 'Natural Earth' } },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': mapColors.water } },
      {
        id: 'land',
        type: 'fill',
        source: 'basemap',
        filter: ['==', ['get', 'kind'], 'land'],
        paint: { 'fill-color': mapColors.land },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'basemap',
        filter: ['==', ['get', 'kind'], 'border'],
        paint: { 'line-color': mapColors.border, 'line-width': 1.5, 'line-dasharray': [3, 2] },
      },
    ],
  }
}

const lngLat = ({ latitude, longitude }: Coordinates) => [longitude, latitude]

/** The route line and the stops, as one GeoJSON source. */
export function tripFeatures(places: readonly MapPlace[], route: readonly Coordinates[]): FeatureCollection {
  const stops: Feature<Point>[] = places.flatMap((place) =>
    place.coordinates
      ? [
          {
            type: 'Feature',
            properties: { kind: place.kind },
            geometry: { type: 'Point', coordinates: lngLat(place.coordinates) },
          },
        ]
      : [],
  )
  const line: Feature<LineString>[] =
    route.length > 1
      ? [
          {
            type: 'Feature',
            properties: { kind: 'route' },
            geometry: { type: 'LineString', coordinates: route.map(lngLat) },
          },
        ]
      : []
  return { type: 'FeatureCollection', features: [...line, ...stops] }
}

/** The car as a point, with its heading when it has one. */
export function carFeatures(car: CarHeading | null): FeatureCollection {
  if (!car) return { type: 'FeatureCollection', features: [] }
  const properties = car.heading === null ? {} : { heading: car.heading }
  return {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties, geometry: { type: 'Point', coordinates: lngLat(car.location) } },
    ],
  }
}

/** The names of the car's two images, drawn by carIcon.ts. */
export const carImages = { heading: 'car-heading', still: 'car-still' } as const

/** What the map draws over any basemap, its own or a configured style. */
export function overlaySources(
  trip: FeatureCollection,
  car: FeatureCollection,
): Record<string, SourceSpecification> {
  return { trip: { type: 'geojson', data: trip }, car: { type: 'geojson', data: car } }
}

export const overlayLayers: LayerSpecification[] = [
  {
    id: 'route-casing',
    type: 'line',
    source: 'trip',
    filter: ['==', ['get', 'kind'], 'route'],
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': mapColors.routeCasing, 'line-width': 8 },
  },
  {
    id: 'route',
    type: 'line',
    source: 'trip',
    filter: ['==', ['get', 'kind'], 'route'],
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': mapColors.route, 'line-width': 4 },
  },
  {
    id: 'stops',
    type: 'circle',
    source: 'trip',
    filter: ['!=', ['get', 'kind'], 'route'],
    paint: {
      'circle-radius': ['match', ['get', 'kind'], 'via', 6, 9],
      'circle-color': ['match', ['get', 'kind'], 'start', mapColors.rim, 'end', mapColors.end, mapColors.via],
      'circle-stroke-color': ['match', ['get', 'kind'], 'start', mapColors.start, mapColors.rim],
      'circle-stroke-width': ['match', ['get', 'kind'], 'start', 5, 3],
    },
  },
  {
    id: 'car',
    type: 'symbol',
    source: 'car',
    layout: {
      'icon-image': ['case', ['has', 'heading'], carImages.heading, carImages.still],
      'icon-rotate': ['coalesce', ['get', 'heading'], 0],
      'icon-rotation-alignment': 'map',
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  },
]
