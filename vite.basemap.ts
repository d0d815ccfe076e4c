import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Polygon, Position } from 'geojson'
import { feature, mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import type { Plugin } from 'vite'

/**
 * Finland with a degree around it (west, south, east, north): at zoom 10, the least the map allows, a screen
 * shows well under a degree, so a Finnish trip never sees past it.
 */
export const basemapBounds = [18, 59, 33, 70.6] as const

const virtualId = 'virtual:basemap'
const resolvedId = `\0${virtualId}`

/** Three decimals of a degree (about 100 m): finer than the 1:10m data itself (quantized to about 200 m). */
const round = ([lng, lat]: Position): Position => [
  Math.round(lng! * 1000) / 1000,
  Math.round(lat! * 1000) / 1000,
]

const inBounds = ([lng, lat]: Position) =>
  lng! >= basemapBounds[0] && lng! <= basemapBounds[2] && lat! >= basemapBounds[1] && lat! <= basemapBounds[3]

type Edge = { inside: (point: Position) => boolean; cut: (from: Position, to: Position) => Position }

/** Where the segment crosses the line of the given axis (0 longitude, 1 latitude) at `value`. */
function crossing(from: Position, to: Position, axis: 0 | 1, value: number): Position {
  const share = (value - from[axis]!) / (to[axis]! - from[axis]!)
  const other = axis === 0 ? 1 : 0
  const point: Position = [0, 0]
  point[axis] = value
  point[other] = from[other]! + share * (to[other]! - from[other]!)
  return point
}

const [west, south, east, north] = basemapBounds
const edges: Edge[] = [
  { inside: (p) => p[0]! >= west, cut: (a, b) => crossing(a, b, 0, west) },
  { inside: (p) => p[0]! <= east, cut: (a, b) => crossing(a, b, 0, east) },
  { inside: (p) => p[1]! >= south, cut: (a, b) => crossing(a, b, 1, south) },
  { inside: (p) => p[1]! <= north, cut: (a, b) => crossing(a, b, 1, north) },
]

/** A ring cut to the region (Sutherland-Hodgman): Russia's mainland keeps only its part near Finland. */
function clipRing(ring: Position[]): Position[] {
  let points = ring.slice(0, -1)
  for (const edge of edges) {
    const input = points
    points = []
    input.forEach((current, index) => {
      const previous = input[(index + input.length - 1) % input.length]!
      if (edge.inside(current)) {
        if (!edge.inside(previous)) points.push(edge.cut(previous, current))
        points.push(current)
      } else if (edge.inside(previous)) points.push(edge.cut(previous, current))
    })
    if (points.length === 0) return []
  }
  const rounded = points.map(round)
  return rounded.length >= 3 ? [...rounded, rounded[0]!] : []
}

function landPolygons(geometry: Polygon | MultiPolygon): Position[][][] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
  return polygons.flatMap((rings) => {
    const [outer, ...holes] = rings.map(clipRing)
    return outer?.length ? [[outer, ...holes.filter((hole) => hole.length > 0)]] : []
  })
}

/** A border cut to the runs of it inside the region. */
function clipLine(line: Position[]): Position[][] {
  const runs: Position[][] = []
  let run: Position[] = []
  for (const point of line) {
    if (inBounds(point)) run.push(round(point))
    else if (run.length > 0) {
      runs.push(run)
      run = []
    }
  }
  if (run.length > 0) runs.push(run)
  return runs.filter((part) => part.length >= 2)
}

/**
 * Land and borders from Natural Earth's 1:10m countries (world-atlas, TopoJSON), cut to the region, as
 * GeoJSON: the basemap the portal draws with no network. Built once per build from the npm package.
 */
export function buildBasemap(topology: Topology): FeatureCollection<MultiPolygon | MultiLineString> {
  const countries = topology.objects.countries as GeometryCollection
  const land = feature(topology, countries) as FeatureCollection<Polygon | MultiPolygon>
  const polygons = land.features.flatMap((country) =>
    country.geometry ? landPolygons(country.geometry) : [],
  )
  const borders = mesh(topology, countries, (a, b) => a !== b)
  const lines = borders.coordinates.flatMap(clipLine)
  const features: Feature<MultiPolygon | MultiLineString>[] = [
    {
      type: 'Feature',
      properties: { kind: 'land' },
      geometry: { type: 'MultiPolygon', coordinates: polygons },
    },
    {
      type: 'Feature',
      properties: { kind: 'border' },
      geometry: { type: 'MultiLineString', coordinates: lines },
    },
  ]
  return { type: 'FeatureCollection', features }
}

/**
 * `import('virtual:basemap')` gives the basemap as a module of its own, so it loads with the map and never
 * before; JSON.parse of a string literal is the quickest way for a browser to take in that much data.
 */
export function basemap(): Plugin {
  let source: string | null = null
  return {
    name: 'portal-basemap',
    resolveId: (id) => (id === virtualId ? resolvedId : null),
    load(id) {
      if (id !== resolvedId) return null
      if (!source) {
        const require = createRequire(import.meta.url)
        const path = require.resolve('world-atlas/countries-10m.json')
        const data = JSON.stringify(buildBasemap(JSON.parse(readFileSync(path, 'utf8')) as Topology))
        source = `export default JSON.parse(${JSON.stringify(data)})`
      }
      return source
    },
  }
}
