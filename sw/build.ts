import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { getManifest, injectManifest } from 'workbox-build'
import { linguiMacro } from '../vite.linguiMacro'
import { precompress } from './precompress'

/**
 * Builds dist/sw.js after `vite build`: bundles sw/sw.ts into one classic script, lets workbox-build inject the
 * precache manifest of the built app shell, then writes brotli and gzip copies of every precached file and sw.js.
 */
const distDir = 'dist'

const precacheGlobs = {
  globDirectory: distDir,
  globPatterns: ['index.html', 'assets/**/*.{js,css,svg,png,jpg,webp,avif,woff2}'],
  globIgnores: ['sw.js', '**/*.map', '**/*.br', '**/*.gz', '.vite/**'],
  maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
}

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
  console.log(`sw: dist/sw.js precaches ${count} files, ${(size / 1024).toFixed(0)} KiB`)
  const { manifestEntries } = await getManifest(precacheGlobs)
  const compressed = await precompress(distDir, [...manifestEntries.map((entry) => entry.url), 'sw.js'])
  const brotliBytes = compressed.reduce((sum, file) => sum + (file.brotliBytes ?? file.bytes), 0)
  console.log(`sw: brotli and gzip copies written, ${(brotliBytes / 1024).toFixed(0)} KiB as brotli`)
} finally {
  await rm(workDir, { recursive: true, force: true })
}
