// vt-pbf ships no types: the one call the test archive makes.
declare module 'vt-pbf' {
  import type { LegacyTile } from 'geojson-vt'

  /** A tile of named layers, as geojson-vt cut them, as a Mapbox Vector Tile (protobuf, uncompressed). */
  export function fromGeojsonVt(
    layers: Record<string, LegacyTile>,
    options?: { version?: number; extent?: number },
  ): Uint8Array
}
