import { Temporal } from 'temporal-polyfill'
import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { locales } from './support/locales'
import { portalUrl, shownAlert, signIn } from './support/portal'
import { futureTrips, serverTrips, tripUnderWay } from './support/trips'

// No service worker: the chunks come from the network only, so a blocked route is a chunk that did not load
// (as on a first visit before the precache finished).
test.use({ serviceWorkers: 'block' })

test('a dialog whose code did not load says so in place, and opens and works once its code loads', async ({
  page,
  server,
  expectAccessible,
}) => {
  // A tenant whose guardian's trips no other journey cancels.
  const tenant = 'fcg'
  await signIn(page, server, tenant, demoUsers.guardian)
  const [trip] = await futureTrips(page, 1)
  if (!trip) throw new Error('No future trip')
  const dialogChunk = '**/assets/DialogPanel-*.js'
  await page.route(dialogChunk, (route) => route.abort('internetdisconnected'))
  await page.goto(portalUrl(server, tenant, `/trips/${trip.id}/${trip.date}?lang=en`))

  const cancel = page.getByRole('button', { name: 'Cancel trip' })
  await cancel.click()
  const notice = page.getByRole('alert').filter({ hasText: 'This needs a connection once' })
  await expect(notice).toHaveText('This needs a connection once; try again when you are online')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(cancel).toBeFocused()
  await expectAccessible()

  // Still offline, the button that opened it asks again (not a dead button) and the notice stays.
  const asked = page.waitForRequest(dialogChunk)
  await cancel.click()
  await asked
  await expect(notice).toBeVisible()

  await page.unroute(dialogChunk)
  await page.getByRole('button', { name: 'Try again' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel trip' })
  await expect(dialog).toBeVisible()
  await expect(notice).toHaveCount(0)
  await dialog.getByLabel('Reason for cancellation').fill('Ei tarvita')
  await dialog.getByRole('button', { name: 'Cancel trip' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(/^(Cancellation pending|The trip has been cancelled)$/).first()).toBeVisible()
})

test("a wizard step whose code did not load says so in the step's place, and shows once it loads", async ({
  page,
  server,
  expectAccessible,
}) => {
  const tenant = 'fcg'
  await signIn(page, server, tenant, demoUsers.guardian)
  const stepChunk = '**/assets/PassengersStep-*.js'
  await page.route(stepChunk, (route) => route.abort('internetdisconnected'))
  await page.goto(portalUrl(server, tenant, '/canceltrips?lang=en'))
  await page.getByLabel('One day').check()
  await page
    .getByLabel('Date', { exact: true })
    .fill(Temporal.Now.plainDateISO('Europe/Helsinki').add({ days: 1 }).toString())
  await page.getByRole('button', { name: 'Next' }).click()
  const notice = page.getByRole('status').filter({ hasText: 'This needs a connection once' })
  await expect(notice).toBeVisible()
  await expectAccessible()

  await page.unroute(stepChunk)
  await page.getByRole('button', { name: 'Try again' }).click()
  const heading = page.getByRole('heading', { name: 'Step 2: Choose passengers' })
  await expect(heading).toBeFocused()
  await expect(notice).toHaveCount(0)
  await expect(page.getByRole('checkbox').first()).toBeVisible()
})

for (const locale of locales) {
  test(`a screen whose code did not load says so in its place, and shows once it loads, in ${locale}`, async ({
    page,
    server,
  }) => {
    const text = await catalog(locale)
    const screenChunk = '**/assets/privacy-*.js'
    await page.route(screenChunk, (route) => route.abort('internetdisconnected'))
    await page.goto(portalUrl(server, 'demo', `/privacy?lang=${locale}`))
    const notice = shownAlert(page)
    await expect(notice).toHaveText(text('lazy_part.needs_connection'))

    await page.unroute(screenChunk)
    await page.getByRole('button', { name: text('lazy_part.try_again') }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('privacy.title'))
    await expect(notice).toHaveCount(0)
  })
}

test('a menu whose code did not load says so under its button, and opens from "Try again" once it loads', async ({
  page,
  server,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const menuChunk = '**/assets/RadixMenus-*.js'
  await page.route(menuChunk, (route) => route.abort('internetdisconnected'))
  await signIn(page, server, 'fcg', demoUsers.guardian)
  await page.getByRole('button', { name: 'Account' }).click()
  const notice = page.getByRole('alert').filter({ hasText: 'This needs a connection once' })
  await expect(notice).toBeVisible()
  // It floats under the button at the screen's right edge, moved back into view.
  const box = await notice.locator('..').boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true)
  await expectAccessible()

  await page.unroute(menuChunk)
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('menu')).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Personal information' })).toBeVisible()
})

test('a question whose dialog did not load is asked again by "Try again" once its code loads', async ({
  page,
  server,
}) => {
  const dialogChunk = '**/assets/AlertDialog-*.js'
  await page.route(dialogChunk, (route) => route.abort('internetdisconnected'))
  await page.goto(portalUrl(server, 'kulkukeskus', '/privacy-keusote?lang=en'))
  const link = page.getByRole('link', { name: 'www.keusote.fi' })
  await link.click()
  const notice = page.getByRole('alert').filter({ hasText: 'This needs a connection once' })
  await expect(notice).toBeVisible()
  await expect(page).toHaveURL(/\/privacy-keusote/)
  // Over the page, it can be closed; the link asks again.
  await page.getByRole('button', { name: 'Close' }).click()
  await expect(notice).toHaveCount(0)
  await expect(link).toBeFocused()
  await link.click()
  await expect(notice).toBeVisible()

  await page.unroute(dialogChunk)
  await page.getByRole('button', { name: 'Try again' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Leave the portal?' })
  await expect(confirm).toBeVisible()
  await expect(confirm).toContainText('www.keusote.fi')
  await expect(notice).toHaveCount(0)
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(page).toHaveURL(/\/privacy-keusote/)
})

test('a revocation whose question did not load asks it again from "Try again", and revokes', async ({
  page,
  server,
}) => {
  const tenant = 'helpbus'
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: server.tenantOrigin(tenant),
  })
  await page.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, 'share')
  })
  await signIn(page, server, tenant, demoUsers.guardian)
  const [passenger] = await serverTrips(page)
  const trip = await tripUnderWay(server, tenant, passenger!.passenger.id)
  const dialogChunk = '**/assets/AlertDialog-*.js'
  await page.route(dialogChunk, (route) => route.abort('internetdisconnected'))
  await page.goto(portalUrl(server, tenant, `/trips/${trip.id}/${trip.date}?lang=en`))
  await page.getByRole('button', { name: 'Share tracking link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Tracking link copied' })).toBeVisible()

  await page.getByRole('button', { name: 'Revoke link' }).click()
  const notice = page.getByRole('alert').filter({ hasText: 'This needs a connection once' })
  await expect(notice).toBeVisible()
  await page.unroute(dialogChunk)
  await page.getByRole('button', { name: 'Try again' }).click()
  const question = page.getByRole('alertdialog', { name: 'Revoke the tracking link?' })
  await question.getByRole('button', { name: 'Revoke link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Tracking link revoked.' })).toBeVisible()
})

test('a logout whose question did not load asks it again from "Try again" while a change waits', async ({
  page,
  server,
}) => {
  const tenant = 'fcg'
  await signIn(page, server, tenant, demoUsers.guardian)
  const [trip] = await futureTrips(page, 1)
  if (!trip) throw new Error('No future trip')
  // The server cannot take commands: the cancellation below keeps waiting, and is never applied.
  await page.route('**/api/command/batch', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 503, code: 'internal_error', message: 'down' }),
    }),
  )
  await page.goto(portalUrl(server, tenant, `/trips/${trip.id}/${trip.date}?lang=en`))
  await page.getByRole('button', { name: 'Cancel trip' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel trip' })
  await dialog.getByLabel('Reason for cancellation').fill('Ei tarvita')
  await dialog.getByRole('button', { name: 'Cancel trip' }).click()
  await expect(page.getByText('Cancellation pending').first()).toBeVisible()

  const dialogChunk = '**/assets/AlertDialog-*.js'
  await page.route(dialogChunk, (route) => route.abort('internetdisconnected'))
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  const notice = page.getByRole('alert').filter({ hasText: 'This needs a connection once' })
  await expect(notice).toBeVisible()

  await page.unroute(dialogChunk)
  await page.getByRole('button', { name: 'Try again' }).click()
  const question = page.getByRole('alertdialog', { name: 'Log out?' })
  await expect(question).toContainText('1 change has not been sent yet')
  await question.getByRole('button', { name: 'Cancel' }).click()
  await expect(question).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`/trips/${trip.id}/`))
  await expect(page.getByText('Cancellation pending').first()).toBeVisible()
})
