import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { getManifest, injectManifest } from 'workbox-build'
import { linguiMacro } from '../vite.linguiMacro'
import { mapAssetFiles, precacheOptions, type ViteManifest } from './precache'
import { precompress, type PrecompressResult } from './precompress'

/**
 * Builds dist/sw.js after `vite build`: bundles sw/sw.ts into one classic script, lets workbox-build inject the
 * precache manifest of the built app shell (without the map, which the worker caches at first use), then writes
 * brotli and gzip copies of every precached file, the map's files and sw.js.
 */
const distDir = 'dist'
const precacheGlobs = precacheOptions(distDir)

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`
const brotliKib = (files: PrecompressResult[]) =>
  kib(files.reduce((sum, file) => sum + (file.brotliBytes ?? file.bytes), 0))

async function bundleServiceWorker(outDir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    plugins: [linguiMacro()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      sourcemap: false,
      target: 'es2022',
      lib: { entry: 'sw/sw.ts', formats: ['iife'], name: 'portalServiceWorker', fileName: () => 'sw.js' },
    },
  })
  return join(outDir, 'sw.js')
}

const workDir = await mkdtemp(join(tmpdir(), 'portal-sw-'))
try {
  const swSrc = await bundleServiceWorker(workDir)
  const { count, size, warnings } = await injectManifest({
    swSrc,
    swDest: join(distDir, 'sw.js'),
    ...precacheGlobs,
    // Hashed file names make the URL the revision; workbox need not add its own.
    dontCacheBustURLsMatching: /^assets\//,
  })
  for (const warning of warnings) console.warn(`sw: ${warning}`)
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
  await precompress(distDir, ['sw.js'])
  console.log('sw: brotli and gzip copies written')
} finally {
  await rm(workDir, { recursive: true, force: true })
}
