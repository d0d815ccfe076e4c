import { expect, test, demoUsers } from './support/fixtures'
import { portalUrl, signIn } from './support/portal'
import { trackedTrips } from './support/trips'

const isLocal = (url: URL) => url.hostname === 'localhost' || url.hostname.endsWith('.localhost')

test('trip detail draws the map under the tracking panel with no internet, and offers to follow the car again after a drag', async ({
  page,
  server,
  expectAccessible,
}) => {
  // No internet: every request that leaves this machine is refused, and remembered.
  const outside: string[] = []
  await page.context().route(
    (url) => !isLocal(url),
    (route) => {
      outside.push(route.request().url())
      return route.abort('internetdisconnected')
    },
  )
  await signIn(page, server, 'helpbus', demoUsers.guardian)
  const [trip] = await trackedTrips(page)
  if (!trip?.status?.carLocation) throw new Error('The demo has no tracked trip whose car has a location')
  await page.goto(portalUrl(server, 'helpbus', `/trips/${trip.id}/${trip.date}`))
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
