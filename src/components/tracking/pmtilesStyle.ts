import { layers } from '@protomaps/basemaps'
import { addProtocol, type StyleSpecification } from 'maplibre-gl'
import type { FeatureCollection } from 'geojson'
import { Protocol } from 'pmtiles'
import { mapTilesPath, type MapSettings } from '../../contract/map'
import { archiveFlavor } from './archiveFlavor'
import { embeddedStyle } from './mapStyle'

// MapLibre reads `pmtiles://` sources through this: byte ranges of the archive, fetched by the page from the
// portal's origin (connect-src 'self'). Its metadata names the map's sources for the attribution.
addProtocol('pmtiles', new Protocol({ metadata: true }).tile)

/**
 * A street map from the deployment's own tile archive: streets, water, buildings and land use from
 * `@protomaps/basemaps`, without its labels, whose glyphs are not to be had from the portal's origin.
 */
export function archiveStyle(origin: string): StyleSpecification {
  return {
    version: 8,
    sources: { protomaps: { type: 'vector', url: `pmtiles://${new URL(mapTilesPath, origin).href}` } },
    layers: layers('protomaps', archiveFlavor),
  }
}

/** The deployment's style first, then its tile archive, then the portal's own basemap. */
export function mapStyleFor(
  settings: MapSettings,
  basemap: FeatureCollection,
  origin: string,
): string | StyleSpecification {
  if (settings.styleUrl) return settings.styleUrl
  return settings.tiles ? archiveStyle(origin) : embeddedStyle(basemap)
}
