import type { Page } from '@playwright/test'
import { catalog } from './support/catalog'
import { expect, test, demoUsers } from './support/fixtures'
import { locales } from './support/locales'
import { portalUrl, signIn } from './support/portal'
import type { RunningServer } from './support/server'
import { mapColors } from '../../src/components/tracking/mapStyle'
import { carOnMap, drawnOnMap, pollNow, withoutInternet } from './support/tracking'
import { operatorEvent, serverTrips, trackedTrips, tripUnderWay } from './support/trips'

/** Signs in on helpbus: the path of the detail of the demo's trip under way whose car has a location. */
async function locatedTripPath(page: Page, server: RunningServer): Promise<string> {
  await signIn(page, server, 'helpbus', demoUsers.guardian)
  const [trip] = await trackedTrips(page)
  if (!trip?.status?.carLocation) throw new Error('The demo has no tracked trip whose car has a location')
  return `/trips/${trip.id}/${trip.date}`
}

test('trip detail draws the map under the tracking panel with no internet, and offers to follow the car again after a drag', async ({
  page,
  server,
  expectAccessible,
}) => {
  const outside = await withoutInternet(page.context())
  await page.goto(portalUrl(server, 'helpbus', await locatedTripPath(page, server)))
  await expect(page.getByRole('heading', { name: 'Tracking', exact: true })).toBeVisible()

  const map = page.getByRole('region', { name: 'Map of the trip' })
  await expect(map).toBeVisible()
  // The basemap's source names itself once the style has loaded and drawn it.
  await expect(page.getByText('Natural Earth')).toBeAttached()
  await expect(page.getByText('The map could not be shown.')).toHaveCount(0)
  await expect(page.getByRole('list').filter({ hasText: 'Start:' })).toContainText('Destination:')
  await expectAccessible()

  const followButton = page.getByRole('button', { name: 'Follow the car' })
  await expect(followButton).toHaveCount(0)
  // Whole in the viewport, so that the drag lands on it.
  await map.scrollIntoViewIfNeeded()
  const box = (await map.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 60, { steps: 8 })
  await page.mouse.up()
  await expect(followButton).toBeVisible()
  await followButton.click()
  await expect(followButton).toHaveCount(0)

  expect(outside).toEqual([])
})

test('trip detail with the tracking panel and the map has nothing axe finds in Finnish and Swedish', async ({
  page,
  server,
  expectAccessible,
}) => {
  const path = await locatedTripPath(page, server)
  for (const locale of locales.filter((locale) => locale !== 'en')) {
    const _ = await catalog(locale)
    await page.goto(portalUrl(server, 'helpbus', `${path}?lang=${locale}`))
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    await expect(page.getByRole('heading', { name: _('trips.tracking.heading'), exact: true })).toBeVisible()
    await expect(page.getByRole('region', { name: _('trips.map.canvas') })).toBeVisible()
    await expect(page.getByText('Natural Earth')).toBeAttached()
    await expectAccessible()
  }
})

// The journeys below add a trip to a guardian's passenger and move it, on a tenant no other journey uses.
const movingTenant = 'espoo'

/** Signs in on the moving tenant and puts a new trip of the guardian's first passenger under way. */
async function newTripUnderWay(page: Page, server: RunningServer) {
  await signIn(page, server, movingTenant, demoUsers.guardian)
  const [first] = await serverTrips(page)
  const trip = await tripUnderWay(server, movingTenant, first!.passenger.id)
  return { trip, passenger: first!.passenger }
}

test('the map frames the car and the stops, and the car moves on it between polls where the user sees it', async ({
  page,
  server,
}) => {
  const outside = await withoutInternet(page.context())
  const { trip } = await newTripUnderWay(page, server)
  const location = { latitude: 60.44, longitude: 22.276 }
  await operatorEvent(server, movingTenant, trip.id, { type: 'position', location })
  await page.goto(portalUrl(server, movingTenant, `/trips/${trip.id}/${trip.date}`))
  const map = page.getByRole('region', { name: 'Map of the trip' })
  await expect(page.getByText('Natural Earth')).toBeAttached()
  const { width, height } = (await map.boundingBox())!
  const inside = (point: { x: number; y: number } | null) =>
    point !== null && point.x > 0 && point.x < width && point.y > 0 && point.y < height
  // Framed: the car, the pickup and the destination are all drawn.
  for (const colour of [mapColors.car, mapColors.start, mapColors.end])
    await expect.poll(async () => inside(await drawnOnMap(map, colour)), { message: colour }).toBe(true)
  const framed = (await carOnMap(map))!
  const carNear = async (x: number, y: number) => {
    const car = await carOnMap(map)
    return car ? Math.hypot(car.x - x, car.y - y) : Infinity
  }
  // A keyboard pan (100 px) stops the following and moves the car with the map.
  await map.press('ArrowLeft')
  await expect(page.getByRole('button', { name: 'Follow the car' })).toBeVisible()
  await expect.poll(() => carNear(framed.x + 100, framed.y)).toBeLessThan(3)

  // The dispatch system reports the car further east; the next poll draws it there, the map left where it is.
  await operatorEvent(server, movingTenant, trip.id, {
    type: 'position',
    location: { ...location, longitude: location.longitude + 0.002 },
  })
  await pollNow(page)
  await expect.poll(async () => (await carOnMap(map))?.x ?? 0).toBeGreaterThan(framed.x + 100 + 20)
  expect(Math.abs((await carOnMap(map))!.y - framed.y)).toBeLessThan(3)
  // Followed again, the map frames the car and the stops again.
  await page.getByRole('button', { name: 'Follow the car' }).click()
  await expect(page.getByRole('button', { name: 'Follow the car' })).toHaveCount(0)
  for (const colour of [mapColors.car, mapColors.start, mapColors.end])
    await expect.poll(async () => inside(await drawnOnMap(map, colour)), { message: colour }).toBe(true)
  await expect.poll(async () => (await carOnMap(map))!.x).toBeLessThan(framed.x + 100)
  expect(outside).toEqual([])
})

test("a pickup posted by the operator turns trip detail's panel to 'Estimated arrival' without a reload", async ({
  page,
  server,
}) => {
  const { trip, passenger } = await newTripUnderWay(page, server)
  await page.goto(portalUrl(server, movingTenant, `/trips/${trip.id}/${trip.date}`))
  const panel = page.getByRole('region', { name: 'Tracking', exact: true })
  await expect(panel).toContainText('Estimated departure')
  let loads = 0
  page.on('load', () => (loads += 1))

  await operatorEvent(server, movingTenant, trip.id, { type: 'pickedUp' })
  await pollNow(page)
  await expect(panel).toContainText('Estimated arrival')
  await expect(panel).toContainText('Passenger aboard')
  // The panel tells the pickup: the notice, which would open this very trip, is not shown on it (NoticeSnackbar).
  await expect(page.getByText(`Passenger picked up: ${passenger.name}`)).toHaveCount(0)
  expect(loads).toBe(0)
})
