import { isLocalHost } from '../../src/domain/hosts'
import { mapStyleUrlMaxLength } from '../../src/contract/map'

type Env = Record<string, string | undefined>

export interface MapConfig {
  /** A MapLibre style for street maps (MAP_STYLE_URL); null draws the basemap shipped with the portal. */
  mapStyleUrl: string | null
  /**
   * The origins the browser may fetch the map from, and only those are added to the Content-Security-Policy:
   * the style's own and those named in MAP_ORIGINS (its tiles, sprites or glyphs on other hosts). Empty without
   * a style.
   */
  mapOrigins: readonly string[]
}

/** An https origin (http only on loopback, for a local tile server); anything else stops the server at start. */
function originOf(name: string, raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null
  const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && isLocalHost(url.hostname))
  if (!url || !secure) throw new Error(`${name} must be an https URL, got "${raw}"`)
  return url.origin
}

/** MAP_STYLE_URL="https://tiles.example.fi/styles/streets.json", MAP_ORIGINS="https://a.example.fi,..." */
export function mapConfigFrom(env: Env): MapConfig {
  const styleUrl = env.MAP_STYLE_URL?.trim() || null
  const extra = (env.MAP_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (!styleUrl) {
    if (extra.length > 0) throw new Error('MAP_ORIGINS needs MAP_STYLE_URL')
    return { mapStyleUrl: null, mapOrigins: [] }
  }
  if (styleUrl.length > mapStyleUrlMaxLength)
    throw new Error(`MAP_STYLE_URL must be at most ${mapStyleUrlMaxLength} characters`)
  const origins = [
    originOf('MAP_STYLE_URL', styleUrl),
    ...extra.map((entry) => originOf('MAP_ORIGINS', entry)),
  ]
  return { mapStyleUrl: styleUrl, mapOrigins: [...new Set(origins)] }
}
