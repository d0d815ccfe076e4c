import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { MultiLineString, MultiPolygon, Position } from 'geojson'
import type { Topology } from 'topojson-specification'
import { describe, expect, it } from 'vitest'
import { isInsideArea } from '../../../src/domain/permissions/area'
import { basemapBounds, buildBasemap } from '../../../vite.basemap'

const require = createRequire(import.meta.url)
const topology = JSON.parse(
  readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8'),
) as Topology
const basemap = buildBasemap(topology)
const land = basemap.features.find((feature) => feature.properties?.kind === 'land')!.geometry as MultiPolygon
const borders = basemap.features.find((feature) => feature.properties?.kind === 'border')!
  .geometry as MultiLineString

const ring = (positions: Position[]) => ({
  polygon: positions.map(([longitude, latitude]) => ({ latitude: latitude!, longitude: longitude! })),
})
/** On land: inside an outer ring and none of its holes. */
const onLand = (latitude: number, longitude: number) =>
  land.coordinates.some(
    ([outer, ...holes]) =>
      isInsideArea(ring(outer!), { latitude, longitude }) &&
      !holes.some((hole) => isInsideArea(ring(hole), { latitude, longitude })),
  )

describe('the embedded basemap (Natural Earth 1:10m, cut to Finland and around)', () => {
  it('has land where Finnish towns are and water in the gulfs', () => {
    expect(onLand(60.2, 24.93)).toBe(true) // Helsinki, Pasila
    expect(onLand(61.5, 23.76)).toBe(true) // Tampere
    expect(onLand(65.01, 25.47)).toBe(true) // Oulu
    expect(onLand(68.66, 27.54)).toBe(true) // Ivalo
    expect(onLand(59.9, 25.0)).toBe(false) // Gulf of Finland
    expect(onLand(62.5, 20.0)).toBe(false) // Gulf of Bothnia
  })

  it('keeps every point inside its bounds, Russia cut to its part near Finland', () => {
    const [west, south, east, north] = basemapBounds
    const points = [...land.coordinates.flat(2), ...borders.coordinates.flat()]
    expect(points.length).toBeGreaterThan(1000)
    for (const [longitude, latitude] of points) {
      expect(longitude).toBeGreaterThanOrEqual(west)
      expect(longitude).toBeLessThanOrEqual(east)
      expect(latitude).toBeGreaterThanOrEqual(south)
      expect(latitude).toBeLessThanOrEqual(north)
    }
    for (const polygon of land.coordinates)
      for (const part of polygon) expect(part[0]).toEqual(part[part.length - 1])
  })

  it('stays small enough to ship with the map', () => {
    expect(JSON.stringify(basemap).length).toBeLessThan(200_000)
  })
})
