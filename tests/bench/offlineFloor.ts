import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { precacheOptions } from '../../sw/precache'
import { precompress } from '../../sw/precompress'
import { writeServiceWorker } from '../../sw/serviceWorkerBuild'

/** The floor's files (tests/bench/floor/): a static page and its small script, no framework. */
const floorFiles = ['floor.html', 'floor.js']

/** Where a portal opens the floor: precached as itself, so the service worker's navigation route never sees it. */
export const floorPath = '/floor.html'

/**
 * A copy of a build with the floor beside the portal, served by the same service worker: sw/sw.ts built again
 * with the build's precache manifest plus the floor's files, so one install precaches both and the floor reads
 * the portal's own IndexedDB on the same origin. The production build never holds the floor.
 */
export async function floorCopyOf(distDir: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-floor-'))
  try {
    await cp(distDir, dir, { recursive: true })
    for (const file of floorFiles) await cp(join(import.meta.dirname, 'floor', file), join(dir, file))
    await precompress(dir, floorFiles)
    const precache = precacheOptions(dir)
    await writeServiceWorker(dir, { ...precache, globPatterns: [...precache.globPatterns, ...floorFiles] })
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}
