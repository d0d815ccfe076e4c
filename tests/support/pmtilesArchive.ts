import { gzipSync } from 'node:zlib'
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson'
import GeoJSONVT from 'geojson-vt'
import { zxyToTileId } from 'pmtiles'
import { fromGeojsonVt } from 'vt-pbf'

/**
 * A small PMTiles v3 archive of vector tiles, built from GeoJSON the tests draw themselves (no extract of Finland
 * can be had here): a grid of streets with a building or a pond in each block around each centre given,
 * in the layers the Protomaps basemap style reads (`earth`, `water`, `roads`, `buildings`). Its metadata names
 * `attribution`, which the map shows once it has read the archive.
 */

export interface Centre {
  latitude: number
  longitude: number
}

/** What the archive covers around each centre, in degrees either way: the demo's places lie within 0.03°. */
const reach = 0.04
/** The map opens at 15 and MapLibre draws deeper zooms from these tiles. */
export const archiveZooms = { min: 10, max: 15 } as const
const extent = 4096
/** Streets run every this many degrees north-south and twice it east-west (about 110 m either way at 60° N). */
const spacing = 0.001

export const testArchiveAttribution = 'Testikartta'

const feature = (geometry: Geometry, properties: Record<string, string> = {}): Feature => ({
  type: 'Feature',
  properties,
  geometry,
})
const ring = (west: number, south: number, east: number, north: number): Position[][] => [
  [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ],
]
const steps = (from: number, to: number, by: number) =>
  Array.from({ length: Math.floor((to - from) / by) + 1 }, (_, index) => from + index * by)

/** The layers around one centre: a grid of streets, every fourth a major road, and blocks between them. */
function layersAround({ latitude, longitude }: Centre): Record<string, Feature[]> {
  const [south, north] = [latitude - reach, latitude + reach]
  const [west, east] = [longitude - reach, longitude + reach]
  const kind = (index: number) => (index % 4 === 0 ? 'major_road' : 'minor_road')
  const roads = [
    ...steps(south, north, spacing).map((lat, index) =>
      feature(
        {
          type: 'LineString',
          coordinates: [
            [west, lat],
            [east, lat],
          ],
        },
        { kind: kind(index) },
      ),
    ),
    ...steps(west, east, spacing * 2).map((lon, index) =>
      feature(
        {
          type: 'LineString',
          coordinates: [
            [lon, south],
            [lon, north],
          ],
        },
        { kind: kind(index) },
      ),
    ),
  ]
  // Each block holds a building, or every seventh a pond, so any view of a few blocks shows both.
  const blocks = steps(south, north - spacing, spacing).flatMap((lat, row) =>
    steps(west, east - spacing * 2, spacing * 2).map((lon, column) => ({
      lat,
      lon,
      pond: (row * 3 + column) % 7 === 0,
    })),
  )
  const inBlock = ({ lat, lon }: { lat: number; lon: number }) =>
    ring(lon + spacing * 0.3, lat + spacing * 0.2, lon + spacing * 1.5, lat + spacing * 0.7)
  const buildings = blocks
    .filter((block) => !block.pond)
    .map((block) => feature({ type: 'Polygon', coordinates: inBlock(block) }, { kind: 'building' }))
  const ponds = blocks
    .filter((block) => block.pond)
    .map((block) => feature({ type: 'Polygon', coordinates: inBlock(block) }, { kind: 'water' }))
  return {
    earth: [feature({ type: 'Polygon', coordinates: ring(west, south, east, north) }, { kind: 'earth' })],
    water: ponds,
    roads,
    buildings,
  }
}

/** Web Mercator tile column and row of a point at a zoom. */
function tileOf(z: number, longitude: number, latitude: number): [number, number] {
  const n = 2 ** z
  const x = Math.floor(((longitude + 180) / 360) * n)
  const rad = (latitude * Math.PI) / 180
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)
  return [x, y]
}

function varint(value: number, out: number[]): void {
  let rest = value
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80)
    rest = Math.floor(rest / 0x80)
  }
  out.push(rest)
}

interface Entry {
  tileId: number
  offset: number
  length: number
}

/** The directory: its count, then tile ids as deltas, run lengths, lengths and offsets (0: right after the last). */
function directory(entries: readonly Entry[]): Buffer {
  const out: number[] = []
  varint(entries.length, out)
  entries.forEach((entry, index) => varint(entry.tileId - (entries[index - 1]?.tileId ?? 0), out))
  for (const _ of entries) varint(1, out)
  for (const entry of entries) varint(entry.length, out)
  entries.forEach((entry, index) => {
    const previous = entries[index - 1]
    varint(previous && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1, out)
  })
  return Buffer.from(out)
}

const gzip = 2
const mvt = 1
const headerLength = 127

/** The archive's bytes: header, root directory, metadata, then the tiles in tile id order (gzip throughout). */
export function buildTestArchive(centres: readonly Centre[]): Buffer {
  const layers: Record<string, Feature[]> = {}
  for (const centre of centres)
    for (const [name, features] of Object.entries(layersAround(centre)))
      (layers[name] ??= []).push(...features)
  const indexes = Object.entries(layers).map(([name, features]) => {
    const collection: FeatureCollection = { type: 'FeatureCollection', features }
    return [name, new GeoJSONVT(collection, { maxZoom: archiveZooms.max, indexMaxZoom: 0, extent })] as const
  })

  const tiles = new Map<number, Buffer>()
  for (let z = archiveZooms.min; z <= archiveZooms.max; z += 1)
    for (const { latitude, longitude } of centres) {
      const [west, north] = tileOf(z, longitude - reach, latitude + reach)
      const [east, south] = tileOf(z, longitude + reach, latitude - reach)
      for (let x = west; x <= east; x += 1)
        for (let y = north; y <= south; y += 1) {
          const cut = indexes.flatMap(([name, index]) => {
            const tile = index.getTile(z, x, y)
            return tile && tile.features.length > 0 ? [[name, tile] as const] : []
          })
          if (cut.length > 0)
            tiles.set(
              zxyToTileId(z, x, y),
              gzipSync(fromGeojsonVt(Object.fromEntries(cut), { version: 2, extent })),
            )
        }
    }

  const entries: Entry[] = []
  let offset = 0
  for (const tileId of [...tiles.keys()].sort((a, b) => a - b)) {
    const length = tiles.get(tileId)!.length
    entries.push({ tileId, offset, length })
    offset += length
  }
  const root = gzipSync(directory(entries))
  const metadata = gzipSync(
    JSON.stringify({
      attribution: testArchiveAttribution,
      vector_layers: Object.keys(layers).map((id) => ({ id, fields: { kind: 'String' } })),
    }),
  )
  const data = Buffer.concat(entries.map((entry) => tiles.get(entry.tileId)!))

  const lons = centres.flatMap(({ longitude }) => [longitude - reach, longitude + reach])
  const lats = centres.flatMap(({ latitude }) => [latitude - reach, latitude + reach])
  const e7 = (degrees: number) => Math.round(degrees * 1e7)
  const header = Buffer.alloc(headerLength)
  header.write('PMTiles', 0, 'latin1')
  header.writeUInt8(3, 7)
  const sections = [
    [headerLength, root.length],
    [headerLength + root.length, metadata.length],
    [headerLength + root.length + metadata.length, 0],
    [headerLength + root.length + metadata.length, data.length],
  ]
  sections.flat().forEach((value, index) => header.writeBigUInt64LE(BigInt(value), 8 + index * 8))
  // Addressed tiles, tile entries, tile contents: one each, no tile repeated.
  for (const at of [72, 80, 88]) header.writeBigUInt64LE(BigInt(entries.length), at)
  header.writeUInt8(1, 96) // clustered: tiles in tile id order
  header.writeUInt8(gzip, 97)
  header.writeUInt8(gzip, 98)
  header.writeUInt8(mvt, 99)
  header.writeUInt8(archiveZooms.min, 100)
  header.writeUInt8(archiveZooms.max, 101)
  header.writeInt32LE(e7(Math.min(...lons)), 102)
  header.writeInt32LE(e7(Math.min(...lats)), 106)
  header.writeInt32LE(e7(Math.max(...lons)), 110)
  header.writeInt32LE(e7(Math.max(...lats)), 114)
  header.writeUInt8(archiveZooms.max, 118)
  header.writeInt32LE(e7(centres[0]?.longitude ?? 0), 119)
  header.writeInt32LE(e7(centres[0]?.latitude ?? 0), 123)
  return Buffer.concat([header, root, metadata, data])
}
