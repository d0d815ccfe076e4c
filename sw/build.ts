import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { getManifest } from 'workbox-build'
import { mapAssetFiles, precacheOptions, type ViteManifest } from './precache'
import { precompress, type PrecompressResult } from './precompress'
import { writeServiceWorker } from './serviceWorkerBuild'

/**
 * Builds dist/sw.js after `vite build`: the service worker with the precache manifest of the built app shell
 * (without the map, which the worker caches at first use), then brotli and gzip copies of every precached file
 * and the map's files.
 */
const distDir = 'dist'
const precacheGlobs = precacheOptions(distDir)

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`
const brotliKib = (files: PrecompressResult[]) =>
  kib(files.reduce((sum, file) => sum + (file.brotliBytes ?? file.bytes), 0))

const { count, size } = await writeServiceWorker(distDir, precacheGlobs)
const { manifestEntries } = await getManifest(precacheGlobs)
const precached = await precompress(
  distDir,
  manifestEntries.map((entry) => entry.url),
)
console.log(`sw: dist/sw.js precaches ${count} files, ${kib(size)}, ${brotliKib(precached)} as brotli`)
const viteManifest = JSON.parse(
  await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8'),
) as ViteManifest
const map = await precompress(distDir, mapAssetFiles(viteManifest))
const mapBytes = map.reduce((sum, file) => sum + file.bytes, 0)
console.log(
  `sw: the map's ${map.length} files cached at first use, ${kib(mapBytes)}, ${brotliKib(map)} as brotli`,
)
console.log('sw: brotli and gzip copies written')
