import { z } from 'zod'
import { text } from './common'

/** A style URL is a deployment's setting, not user input: long enough for a key in its query. */
export const mapStyleUrlMaxLength = 2048

/**
 * Where the API host serves the deployment's vector tile archive (MAP_TILES_PATH), one PMTiles file read by HTTP
 * range requests, on the portal's own origin.
 */
export const mapTilesPath = '/api/map/tiles.pmtiles'

/**
 * What the portal's map draws under the trip: a MapLibre style URL set by the deployment (MAP_STYLE_URL), or
 * null; `tiles` says the API host serves a tile archive at `mapTilesPath`. With neither, the basemap shipped
 * with the portal, which needs no network.
 */
export const mapSettings = z.object({
  styleUrl: text(mapStyleUrlMaxLength).nullable(),
  tiles: z.boolean(),
})
export type MapSettings = z.infer<typeof mapSettings>
