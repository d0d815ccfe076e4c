import { expect } from 'vitest'
import { mapTilesPath } from '../../../src/contract/map'
import { archivePixels, colourPixelsOfPng, type ColourPixels } from '../../e2e/support/mapPixels'
import type { EngineDriver } from './driver'
import type { ServerGate } from './serverGate'

/**
 * MapLibre's canvas, whose screenshot shows the map as drawn (its WebGL buffer is not kept to be read). Its
 * controls, unmasked here, draw neither colour counted: a few dozen pixels at most, with no archive.
 */
const mapCanvas = 'canvas.maplibregl-canvas'

/**
 * From now on, until the page's document goes, the page notes each resource it fetches, as the browser's resource
 * timing lists them: its fetches (MapLibre's reads of the archive among them) whether its service worker answers
 * them or the network does.
 */
export const watchResources = (driver: EngineDriver): Promise<boolean> =>
  driver.run(`() => {
    window.__resources = []
    new PerformanceObserver((list) => window.__resources.push(...list.getEntries().map((entry) => entry.name))).observe({ type: 'resource' })
    return true
  }`)

/**
 * What the page fetched since `watchResources`: whether the archive, and what from another origin (data: and
 * blob: are its own).
 */
const resources = (driver: EngineDriver) =>
  driver.run<{ archive: boolean; elsewhere: string[] }>(
    `(archivePath) => {
      const urls = window.__resources.map((name) => new URL(name))
      return {
        archive: urls.some((url) => url.origin === location.origin && url.pathname === archivePath),
        elsewhere: urls.filter((url) => !['data:', 'blob:'].includes(url.protocol) && url.origin !== location.origin).map(String),
      }
    }`,
    mapTilesPath,
  )

const pixelCount = async (driver: EngineDriver, colour: string) => {
  const base64 = await driver.screenshot(mapCanvas)
  const { count } = await driver.run<ColourPixels>(String(colourPixelsOfPng), {
    base64,
    colour,
    tolerance: archivePixels.tolerance,
  })
  return count
}

/**
 * The map draws the streets and buildings of the portal's own tile archive, which it read a byte range at a
 * time (each answered 206) from the portal's origin, and nothing from another since `watchResources`.
 */
export async function expectArchiveStreets(driver: EngineDriver, gate: ServerGate): Promise<void> {
  for (const colour of [archivePixels.streets, archivePixels.buildings])
    await expect
      .poll(() => pixelCount(driver, colour), { timeout: 20_000, interval: 500 })
      .toBeGreaterThan(archivePixels.least)
  const reads = gate.answered.filter((request) => request.startsWith(`GET ${mapTilesPath} `))
  expect(reads.length).toBeGreaterThan(0)
  expect(reads.filter((read) => !read.endsWith(' 206'))).toEqual([])
  expect(await resources(driver)).toEqual({ archive: true, elsewhere: [] })
}
