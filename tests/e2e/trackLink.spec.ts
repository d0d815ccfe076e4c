import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { locales } from './support/locales'
import { portalUrl, signIn } from './support/portal'
import { pollNow } from './support/tracking'
import { operatorEvent, operatorTrackingLink, serverTrips, tripUnderWay } from './support/trips'

// A journey that creates and revokes a link on helpbus: it changes only the link, never the trip's own data.
const tenant = 'helpbus'

test('a guardian shares a tracking link that an office follows with no login, until it is revoked', async ({
  page,
  browser,
  server,
  expectAccessible,
}) => {
  // Two browsers, a map and axe on the office's page in three languages: on a busy 2-core run it took 60 s.
  test.slow()
  // The clipboard path: a desktop without the Web Share API, allowed to write and read the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: server.tenantOrigin(tenant),
  })
  await page.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, 'share')
  })
  await signIn(page, server, tenant, demoUsers.guardian)
  const [passenger] = await serverTrips(page)
  const trip = await tripUnderWay(server, tenant, passenger!.passenger.id)
  await page.goto(portalUrl(server, tenant, `/trips/${trip.id}/${trip.date}`))
  await page.getByRole('button', { name: 'Share tracking link' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Tracking link copied to the clipboard.' }),
  ).toBeVisible()
  const url = await page.evaluate(() => navigator.clipboard.readText())
  expect(url).toMatch(new RegExp(`^${server.tenantOrigin(tenant)}/track/[A-Za-z0-9_-]{22,}$`))
  await expect(page.getByRole('link', { name: url })).toBeVisible()

  // The office: a fresh browser with no cookies and nothing stored.
  const office = await browser.newContext()
  const desk = await office.newPage()
  await desk.goto(`${url}?lang=en`)
  await expect(desk.getByRole('heading', { level: 1, name: 'Track a trip' })).toBeVisible()
  await expect(desk.getByRole('heading', { name: 'Tracking', exact: true })).toBeVisible()
  const panel = desk.getByRole('region', { name: 'Tracking' })
  await expect(panel).toContainText('Estimated departure')
  // The stops' streets, not the names the guardian's places have.
  await expect(desk.getByText('Koulukatu 6, 20560 Turku', { exact: true })).toBeVisible()
  await expect(desk.getByText('Uimahalli')).toHaveCount(0)
  await expect(desk.getByRole('button', { name: 'Cancel trip' })).toHaveCount(0)
  await expect(desk.locator('a[href^="tel:"]')).toHaveCount(0)
  // No login: the only cookie is the language the link's `lang` chose (src/app/browser/storage.ts).
  expect((await office.cookies()).map((cookie) => cookie.name)).toEqual(['portal_locale'])

  // It follows the trip live: a pickup posted by the operator turns the panel without a reload.
  await operatorEvent(server, tenant, trip.id, { type: 'pickedUp' })
  await pollNow(desk)
  await expect(panel).toContainText('Estimated arrival')

  for (const locale of locales) {
    const _ = await catalog(locale)
    await desk.goto(`${url}?lang=${locale}`)
    await expect(desk.getByRole('heading', { name: _('trips.tracking.heading') })).toBeVisible()
    await expectAccessible(desk)
  }
  await desk.goto(`${url}?lang=en`)
  await expect(panel).toContainText('Estimated arrival')

  // Revoked, the link the office has open says it is not found, and so does opening it again.
  await page.getByRole('button', { name: 'Revoke link' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Tracking link revoked.' })).toBeVisible()
  await pollNow(desk)
  await expect(desk.getByText('Tracking link not found.')).toBeVisible()
  await desk.reload()
  await expect(desk.getByText('Tracking link not found.')).toBeVisible()
  await office.close()
})

test('a made-up tracking link says not found, accessibly in every locale', async ({
  page,
  server,
  expectAccessible,
}) => {
  for (const locale of locales) {
    const _ = await catalog(locale)
    await page.goto(portalUrl(server, tenant, `/track/AAAAAAAAAAAAAAAAAAAAAAAA?lang=${locale}`))
    await expect(page.getByText(_('track.not_found'))).toBeVisible()
    await expectAccessible()
  }
  await page.goto(portalUrl(server, tenant, '/track/nope?lang=en'))
  await expect(page.getByText('Tracking link not found.', { exact: false })).toBeVisible()
})

// The drop-off journey adds a trip to a guardian's passenger, on a tenant no other journey uses.
const endingTenant = 'lapha'

test("an office follows an operator's link in a fresh browser until the drop-off, and then it says the trip has ended", async ({
  page,
  browser,
  server,
}) => {
  await signIn(page, server, endingTenant, demoUsers.guardian)
  const [passenger] = await serverTrips(page)
  const trip = await tripUnderWay(server, endingTenant, passenger!.passenger.id)
  const url = await operatorTrackingLink(server, endingTenant, trip)

  const office = await browser.newContext()
  const desk = await office.newPage()
  await desk.goto(`${url}?lang=en`)
  const panel = desk.getByRole('region', { name: 'Tracking' })
  await expect(panel).toContainText('Estimated departure')
  expect((await office.cookies()).map((cookie) => cookie.name)).toEqual(['portal_locale'])

  await operatorEvent(server, endingTenant, trip.id, { type: 'pickedUp' })
  await pollNow(desk)
  await expect(panel).toContainText('Estimated arrival')
  await operatorEvent(server, endingTenant, trip.id, { type: 'droppedOff' })
  await pollNow(desk)
  // In the main area: the announcer's live region says the same.
  await expect(desk.getByRole('main').getByText('The trip has ended.')).toBeVisible()
  await expect(panel).toHaveCount(0)
  // The server says so too, to a visitor who opens the link again.
  await desk.reload()
  await expect(desk.getByRole('main').getByText('The trip has ended.')).toBeVisible()
  await office.close()
})
