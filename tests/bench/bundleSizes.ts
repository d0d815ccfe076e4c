import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}
type Manifest = Record<string, ManifestChunk>

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest
}

export function gzipSize(distDir: string, file: string): number {
  return gzipSync(readFileSync(join(distDir, file))).length
}

/** The JavaScript files a chunk loads before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen)
  return seen
}

export interface RouteChunks {
  route: string
  /** Files loaded for the route beyond the entry's own closure. */
  files: string[]
  gzipBytes: number
}

/** Per route file of src/routes: the chunks its lazy (code-split) parts add to the entry. */
export function routeChunks(manifest: Manifest, distDir: string): RouteChunks[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  if (!entryKey) throw new Error('No entry chunk in the Vite manifest')
  const entryFiles = new Set([...staticClosure(manifest, entryKey)].map((key) => manifest[key]!.file))
  const byRoute = new Map<string, Set<string>>()
  for (const [key, chunk] of Object.entries(manifest)) {
    const source = chunk.src ?? key
    if (!source.startsWith('src/routes/') || !chunk.isDynamicEntry) continue
    const route = source.replace(/\?.*$/, '')
    const files = byRoute.get(route) ?? new Set<string>()
    for (const closureKey of staticClosure(manifest, key)) {
      const file = manifest[closureKey]!.file
      if (!entryFiles.has(file)) files.add(file)
    }
    byRoute.set(route, files)
  }
  return [...byRoute.entries()]
    .map(([route, files]) => ({
      route,
      files: [...files].sort(),
      gzipBytes: [...files].reduce((sum, file) => sum + gzipSize(distDir, file), 0),
    }))
    .sort((a, b) => a.route.localeCompare(b.route))
}

/** Whether a built file holds MapLibre code. */
export function containsMapLibre(distDir: string, file: string): boolean {
  return /maplibre/i.test(readFileSync(join(distDir, file), 'utf8'))
}
