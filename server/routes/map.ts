import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../src/contract/endpoints'
import type { KeyStore } from '../auth/accessTokens'
import { registerMapTilesRoute } from './mapTiles'
import { registerEndpoint } from './registerEndpoint'

export interface MapOptions {
  /** MAP_STYLE_URL, or null. */
  mapStyleUrl: string | null
  /** MAP_TILES_PATH, or null. */
  mapTilesPath: string | null
}

/** The map's settings and its tile archive: public, since the /track screen shows the map with no login. */
export function registerMapRoutes(app: FastifyInstance, keys: KeyStore, options: MapOptions): void {
  registerEndpoint(app, keys, endpoints.getMapSettings, async () => ({
    styleUrl: options.mapStyleUrl,
    tiles: options.mapTilesPath !== null,
  }))
  registerMapTilesRoute(app, options.mapTilesPath)
}
