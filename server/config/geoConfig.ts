type Env = Record<string, string | undefined>

/** Where address searches go: the embedded gazetteer (no network), or a Finnish geocoding service. */
export type GeocoderConfig =
  | { kind: 'embedded' }
  | { kind: 'digitransit'; url: string; apiKey: string }
  | { kind: 'nominatim'; url: string }

/** Where routes are measured: the embedded estimate (no network), or an OSRM-compatible service. */
export type RouterConfig = { kind: 'embedded' } | { kind: 'osrm'; url: string }

export interface GeoConfig {
  geocoder: GeocoderConfig
  router: RouterConfig
  /** How long one call to the geocoding or routing service may take before it counts as failed. */
  geoTimeoutMs: number
  /** Address searches a user may make a minute, per instance (ADDRESS_SEARCH_RATE_LIMIT_PER_MINUTE). */
  addressSearchRateLimitPerMinute: number
  /**
   * Calls that measure a route a user may make a minute, per instance: routes, estimates and bookings together
   * (ROUTE_RATE_LIMIT_PER_MINUTE).
   */
  routeRateLimitPerMinute: number
}

const defaultUrls = {
  digitransit: 'https://api.digitransit.fi',
  nominatim: 'https://nominatim.openstreetmap.org',
} as const

/** A service's base URL without a trailing slash; a malformed one stops the server at start. */
function baseUrl(name: string, raw: string | undefined, fallback?: string): string {
  const value = raw || fallback
  if (!value) throw new Error(`${name} is required`)
  const protocol = URL.canParse(value) ? new URL(value).protocol : null
  if (protocol !== 'https:' && protocol !== 'http:')
    throw new Error(`${name} must be an http(s) URL, got "${value}"`)
  return value.replace(/\/+$/, '')
}

function geocoderFrom(env: Env): GeocoderConfig {
  switch (env.GEOCODER || 'embedded') {
    case 'embedded':
      return { kind: 'embedded' }
    case 'digitransit': {
      const apiKey = env.DIGITRANSIT_API_KEY
      if (!apiKey) throw new Error('GEOCODER=digitransit needs DIGITRANSIT_API_KEY')
      return {
        kind: 'digitransit',
        url: baseUrl('GEOCODER_URL', env.GEOCODER_URL, defaultUrls.digitransit),
        apiKey,
      }
    }
    case 'nominatim':
      return { kind: 'nominatim', url: baseUrl('GEOCODER_URL', env.GEOCODER_URL, defaultUrls.nominatim) }
    default:
      throw new Error(`GEOCODER must be embedded, digitransit or nominatim, got "${env.GEOCODER}"`)
  }
}

function routerFrom(env: Env): RouterConfig {
  switch (env.ROUTER || 'embedded') {
    case 'embedded':
      return { kind: 'embedded' }
    // The public OSRM demo server forbids production use: a URL must be given.
    case 'osrm':
      return { kind: 'osrm', url: baseUrl('ROUTER_URL', env.ROUTER_URL) }
    default:
      throw new Error(`ROUTER must be embedded or osrm, got "${env.ROUTER}"`)
  }
}

export function geoConfigFrom(env: Env, integer: (name: string, fallback: number) => number): GeoConfig {
  return {
    geocoder: geocoderFrom(env),
    router: routerFrom(env),
    geoTimeoutMs: integer('GEO_TIMEOUT_MS', 5_000),
    // A guardian typing addresses with the portal's 600 ms pause searches a few times an address, and a booking
    // with its return trip measures a few dozen routes: the defaults leave room for that, not for a script.
    addressSearchRateLimitPerMinute: integer('ADDRESS_SEARCH_RATE_LIMIT_PER_MINUTE', 60),
    routeRateLimitPerMinute: integer('ROUTE_RATE_LIMIT_PER_MINUTE', 60),
  }
}
