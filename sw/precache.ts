import type { GetManifestOptions, ManifestTransform } from 'workbox-build'
import { isMapAsset } from './routes'

/** Drops the map's code from the precache: the service worker caches it at first use instead (sw/routes.ts). */
export const withoutMapAssets: ManifestTransform = (entries) => ({
  manifest: entries.filter((entry) => !isMapAsset(`/${entry.url}`)),
  warnings: [],
})

/** What the service worker precaches of a built portal in `globDirectory`: the app shell, without the map. */
export function precacheOptions(globDirectory: string) {
  return {
    globDirectory,
    globPatterns: ['index.html', 'assets/**/*.{js,css,svg,png,jpg,webp,avif,woff2}'],
    globIgnores: ['sw.js', '**/*.map', '**/*.br', '**/*.gz', '.vite/**'],
    manifestTransforms: [withoutMapAssets],
  } satisfies GetManifestOptions
}

/** The map component's module, whose chunk, styles and worker are the map's assets. */
const mapModule = 'src/components/tracking/TripMap.tsx'

/** What this build reads of Vite's manifest (dist/.vite/manifest.json). */
export type ViteManifest = Record<string, { file: string; css?: string[]; assets?: string[] }>

/**
 * The built files of the map (its chunk, styles and MapLibre's worker) by Vite's manifest. Throws when there is
 * none or one the map route does not match: a renamed chunk would otherwise be neither precached nor cached.
 */
export function mapAssetFiles(viteManifest: ViteManifest): string[] {
  const chunk = viteManifest[mapModule]
  if (!chunk) throw new Error(`sw: no ${mapModule} in the Vite manifest`)
  const files = [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]
  const unmatched = files.filter((file) => !isMapAsset(`/${file}`))
  if (unmatched.length > 0) {
    throw new Error(`sw: map files not matched by mapAssetPattern (sw/routes.ts): ${unmatched.join(', ')}`)
  }
  return files
}
