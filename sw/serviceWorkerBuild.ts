import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { injectManifest, type GetManifestOptions } from 'workbox-build'
import { linguiMacro } from '../vite.linguiMacro'
import { precompress } from './precompress'

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

/**
 * Bundles sw/sw.ts into one classic script and writes it as `{distDir}/sw.js` with the precache manifest that
 * workbox-build lists by `precache`, and its brotli and gzip copies. Run by sw/build.ts on dist/, and by the
 * bench on its copy of a build (tests/bench/offlineFloor.ts).
 */
export async function writeServiceWorker(distDir: string, precache: GetManifestOptions) {
  const workDir = await mkdtemp(join(tmpdir(), 'portal-sw-'))
  try {
    const { count, size, warnings } = await injectManifest({
      swSrc: await bundleServiceWorker(workDir),
      swDest: join(distDir, 'sw.js'),
      ...precache,
      // Hashed file names make the URL the revision; workbox need not add its own.
      dontCacheBustURLsMatching: /^assets\//,
    })
    for (const warning of warnings) console.warn(`sw: ${warning}`)
    await precompress(distDir, ['sw.js'])
    return { count, size }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}
