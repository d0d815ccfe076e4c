import type { Locator, Page } from '@playwright/test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { mapTilesPath } from '../../src/contract/map'
import { regions } from '../../server/demo/regions'
import { contentSecurityPolicy } from '../../server/plugins/securityHeaders'
import { buildTestArchive, testArchiveAttribution } from '../support/pmtilesArchive'
import { catalog } from './support/catalog'
import { expect, test, demoUsers } from './support/fixtures'
import { portalUrl, signIn } from './support/portal'
import { startServer, type RunningServer } from './support/server'
import { archivePixels, pixelsOf } from './support/mapPixels'
import { expectFramed } from './support/tracking'
import { operatorTrackingLink, trackedTrips } from './support/trips'

// A deployment with a tile archive (MAP_TILES_PATH) is one of its own: the worker's server, with none, shows
// the portal's basemap to the other journeys. The archive covers the demo's Turku, helpbus' region.
const tenant = 'helpbus'
let server: RunningServer
let folder: string

test.beforeAll(async () => {
  test.setTimeout(120_000)
  folder = mkdtempSync(join(tmpdir(), 'street-map-'))
  const archive = join(folder, 'turku.pmtiles')
  writeFileSync(archive, buildTestArchive([regions[tenant]]))
  server = await startServer({ MAP_TILES_PATH: archive, DEMO_SIMULATOR: 'off' })
})

test.afterAll(async () => {
  await server?.stop()
  if (folder) rmSync(folder, { recursive: true, force: true })
})

const pixelCount = async (map: Locator, colour: string) =>
  (await pixelsOf(map, colour, archivePixels.tolerance)).count

/** What a page asked of other origins than the tenant's, and the statuses of its reads of the archive. */
function watchRequests(page: Page): { elsewhere: string[]; ranges: number[] } {
  const origin = server.tenantOrigin(tenant)
  const seen = { elsewhere: [] as string[], ranges: [] as number[] }
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.origin !== origin)
      seen.elsewhere.push(url.href)
  })
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === mapTilesPath) seen.ranges.push(response.status())
  })
  return seen
}

/**
 * The map has read the archive (its metadata names its sources) and draws its streets, whose casings, and
 * buildings, whose tint, neither the portal's basemap nor the trip's overlay draws.
 */
async function expectArchiveStreets(page: Page, map: Locator): Promise<void> {
  await expect(map).toBeVisible()
  await expect(page.getByText(testArchiveAttribution)).toBeAttached()
  await expect.poll(() => pixelCount(map, archivePixels.streets)).toBeGreaterThan(archivePixels.least)
  await expect.poll(() => pixelCount(map, archivePixels.buildings)).toBeGreaterThan(archivePixels.least)
}

/** Every byte of the map came from the archive a range at a time, and nothing from another origin. */
function expectOwnOriginOnly({ elsewhere, ranges }: { elsewhere: string[]; ranges: number[] }): void {
  expect(ranges.length).toBeGreaterThan(0)
  expect(ranges.every((status) => status === 206)).toBe(true)
  expect(elsewhere).toEqual([])
}

test("trip detail's map draws the streets and buildings of the portal's own tile archive, and no request leaves its origin", async ({
  page,
  expectAccessible,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, server, tenant, demoUsers.guardian)
  const [trip] = await trackedTrips(page)
  if (!trip?.status?.carLocation) throw new Error('The demo has no tracked trip whose car has a location')

  const requests = watchRequests(page)
  const _ = await catalog('fi')
  const detail = await page.goto(portalUrl(server, tenant, `/trips/${trip.id}/${trip.date}?lang=fi`))
  // The policy names no other host than with the portal's basemap: the archive is the portal's own.
  expect(detail?.headers()['content-security-policy']).toBe(contentSecurityPolicy)
  const map = page.getByRole('region', { name: _('trips.map.canvas') })
  await expectArchiveStreets(page, map)
  await expectFramed(page, _)
  await expect(page.getByText(_('trips.map.failed'))).toHaveCount(0)
  await expectAccessible()
  expectOwnOriginOnly(requests)

  // The map and its legend in one view, for the eye (docs/tracking.md).
  await page.getByRole('list', { name: _('trips.map.legend') }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: testInfo.outputPath('trip-detail-map-390.png') })
})

test("a drivers' office following a tracking link on a desktop sees the same street map, from the portal's origin only", async ({
  page,
  browser,
  expectAccessible,
}) => {
  await signIn(page, server, tenant, demoUsers.guardian)
  const [trip] = await trackedTrips(page)
  if (!trip) throw new Error('The demo has no tracked trip')
  const link = await operatorTrackingLink(server, tenant, trip)

  const office = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const desk = await office.newPage()
  const requests = watchRequests(desk)
  const _ = await catalog('fi')
  await desk.goto(`${link}?lang=fi`)
  await expectArchiveStreets(desk, desk.getByRole('region', { name: _('trips.map.canvas') }))
  await expectFramed(desk, _)
  await expectAccessible(desk)
  expectOwnOriginOnly(requests)
  await office.close()
})
