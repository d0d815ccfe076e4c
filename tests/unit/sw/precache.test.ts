import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { getManifest } from 'workbox-build'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mapAssetFiles, precacheOptions, type ViteManifest } from '../../../sw/precache'
import { isMapAsset, isMapAssetRequest } from '../../../sw/routes'

/** A built portal's files, named as Vite names them (the map's as in a real build). */
const mapFiles = [
  'assets/TripMap-DFZ6-ey6.js',
  'assets/TripMap-qvkd0SPb.css',
  'assets/maplibre-gl-worker-DX6FIJ71.js',
]
const shellFiles = [
  'index.html',
  'assets/index-DchAiP0d.js',
  'assets/TripTracking-MmR7LdXH.js',
  'assets/trips._id._date-DEtSWvuA.js',
  'assets/index-B2xk3Lq_.css',
  'assets/logo-espoo-C1a2b3c4.svg',
]
const neverPrecached = [
  'sw.js',
  'assets/TripMap-DFZ6-ey6.js.map',
  'assets/TripMap-DFZ6-ey6.js.br',
  'assets/index-DchAiP0d.js.gz',
  '.vite/manifest.json',
]

const viteManifest: ViteManifest = {
  'index.html': { file: 'assets/index-DchAiP0d.js' },
  'src/components/tracking/TripMap.tsx': {
    file: mapFiles[0]!,
    css: [mapFiles[1]!],
    assets: [mapFiles[2]!],
  },
}

describe('the service worker’s precache of a build', () => {
  let dist: string
  let precached: string[]

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'portal-precache-'))
    for (const file of [...mapFiles, ...shellFiles, ...neverPrecached]) {
      await mkdir(dirname(join(dist, file)), { recursive: true })
      await writeFile(join(dist, file), `/* ${file} */`)
    }
    const { manifestEntries, warnings } = await getManifest(precacheOptions(dist))
    expect(warnings).toEqual([])
    precached = manifestEntries.map((entry) => entry.url)
  })
  afterAll(() => rm(dist, { recursive: true, force: true }))

  it('holds the app shell but not the map’s chunk, styles or worker', () => {
    expect([...precached].sort()).toEqual([...shellFiles].sort())
    for (const file of mapFiles) expect(precached).not.toContain(file)
  })

  it('leaves the map to a runtime route that matches each of its files, on this origin only', () => {
    for (const file of mapAssetFiles(viteManifest)) {
      const url = new URL(`/${file}`, 'https://espoo.matkaportaali.fi')
      expect(isMapAssetRequest({ url, sameOrigin: true }), file).toBe(true)
      expect(isMapAssetRequest({ url, sameOrigin: false }), file).toBe(false)
    }
    expect(mapAssetFiles(viteManifest)).toEqual(mapFiles)
  })

  it('routes nothing of the shell to the map’s cache', () => {
    for (const file of [...shellFiles, 'assets/TripMapSection-Ab12Cd34.js', 'assets/TripMap-x.js.map']) {
      expect(isMapAsset(`/${file}`), file).toBe(false)
    }
  })

  it('fails the build when the map’s files are missing or named so that the route would miss them', () => {
    expect(() => mapAssetFiles({})).toThrow(/TripMap\.tsx/)
    const renamed = {
      'src/components/tracking/TripMap.tsx': { file: 'assets/Map-DFZ6-ey6.js', assets: [mapFiles[2]!] },
    }
    expect(() => mapAssetFiles(renamed)).toThrow(/assets\/Map-DFZ6-ey6\.js/)
  })
})
