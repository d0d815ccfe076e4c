import type { GeoConfig } from './geoConfig'
import type { Geocoder } from './geocoder'
import { digitransitGeocoder } from './digitransit'
import { estimateRouter } from './estimateRouter'
import { embeddedGeocoder } from './gazetteer/embeddedGeocoder'
import { nominatimGeocoder } from './nominatim'
import { osrmRouter } from './osrmRouter'
import type { Router } from './router'
import type { ServiceLog } from './loggedSearch'

/** The configured geocoder (GEOCODER, default the embedded gazetteer). */
export function createGeocoder(config: GeoConfig, log: ServiceLog): Geocoder {
  const { geocoder, geoTimeoutMs: timeoutMs } = config
  switch (geocoder.kind) {
    case 'embedded':
      return embeddedGeocoder()
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
