import type { GeoConfig } from '../config/geoConfig'
import type { Geocoder } from './geocoder'
import { digitransitGeocoder } from './digitransit'
import { estimateRouter } from './estimateRouter'
import { embeddedGeocoder } from './gazetteer/embeddedGeocoder'
import { nominatimGeocoder } from './nominatim'
import { osrmRouter } from './osrmRouter'
import type { Router } from './router'
import type { StreetData } from './gazetteer/towns'
import type { ServiceLog } from './loggedSearch'

/** The configured geocoder (GEOCODER, default the embedded gazetteer, with `extraStreets` by town). */
export function createGeocoder(
  config: GeoConfig,
  log: ServiceLog,
  extraStreets?: ReadonlyMap<string, StreetData[]>,
): Geocoder {
  const { geocoder, geoTimeoutMs: timeoutMs } = config
  switch (geocoder.kind) {
    case 'embedded':
      return embeddedGeocoder(extraStreets)
    case 'digitransit':
      return digitransitGeocoder({ ...geocoder, timeoutMs }, log)
    case 'nominatim':
      return nominatimGeocoder({ ...geocoder, timeoutMs }, log)
  }
}

/** The configured router (ROUTER, default the embedded estimate). */
export function createRouter(config: GeoConfig): Router {
  return config.router.kind === 'osrm'
    ? osrmRouter({ url: config.router.url, timeoutMs: config.geoTimeoutMs })
    : estimateRouter()
}
