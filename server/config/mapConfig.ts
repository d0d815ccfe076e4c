import { closeSync, openSync, readSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
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
  /**
   * A PMTiles v3 archive of vector tiles (MAP_TILES_PATH, absolute), served by the API host on its own origin for
   * a street map with no third party; null serves none.
   */
  mapTilesPath: string | null
}

/** A PMTiles v3 archive starts with these 7 bytes and its version. */
const pmtilesMagic = 'PMTiles'
const pmtilesVersion = 3

/**
 * The archive's absolute path, checked once at start: a file that is not there, or not a PMTiles v3 archive,
 * stops the server rather than showing every map empty.
 */
function tilesPathFrom(raw: string | undefined): string | null {
  const given = raw?.trim()
  if (!given) return null
  const path = resolve(given)
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat?.isFile()) throw new Error(`MAP_TILES_PATH must name a file, got "${given}"`)
  const head = Buffer.alloc(pmtilesMagic.length + 1)
  const file = openSync(path, 'r')
  try {
    readSync(file, head, 0, head.length, 0)
  } finally {
    closeSync(file)
  }
  if (
    head.subarray(0, pmtilesMagic.length).toString('latin1') !== pmtilesMagic ||
    head.at(-1) !== pmtilesVersion
  )
    throw new Error(`MAP_TILES_PATH must be a PMTiles version 3 archive: "${given}" is not`)
  return path
}

/** An https origin (http only on loopback, for a local tile server); anything else stops the server at start. */
function originOf(name: string, raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null
  const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && isLocalHost(url.hostname))
  if (!url || !secure) throw new Error(`${name} must be an https URL, got "${raw}"`)
  return url.origin
}

/**
 * MAP_STYLE_URL="https://tiles.example.fi/styles/streets.json", MAP_ORIGINS="https://a.example.fi,...",
 * MAP_TILES_PATH="/srv/maps/finland.pmtiles"
 */
export function mapConfigFrom(env: Env): MapConfig {
  const mapTilesPath = tilesPathFrom(env.MAP_TILES_PATH)
  const styleUrl = env.MAP_STYLE_URL?.trim() || null
  const extra = (env.MAP_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (!styleUrl) {
    if (extra.length > 0) throw new Error('MAP_ORIGINS needs MAP_STYLE_URL')
    return { mapStyleUrl: null, mapOrigins: [], mapTilesPath }
  }
  if (styleUrl.length > mapStyleUrlMaxLength)
    throw new Error(`MAP_STYLE_URL must be at most ${mapStyleUrlMaxLength} characters`)
  const origins = [
    originOf('MAP_STYLE_URL', styleUrl),
    ...extra.map((entry) => originOf('MAP_ORIGINS', entry)),
  ]
  return { mapStyleUrl: styleUrl, mapOrigins: [...new Set(origins)], mapTilesPath }
}
