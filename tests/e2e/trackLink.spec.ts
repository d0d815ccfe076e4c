import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { locales } from './support/locales'
import { portalUrl, signIn } from './support/portal'
import { bookTripSoon, operatorEvent, serverTrips } from './support/trips'

// A journey that creates and revokes a link on helpbus: it changes only the link, never the trip's own data.
const tenant = 'helpbus'

test('a guardian shares a tracking link that an office follows with no login, until it is revoked', async ({
  page,
  browser,
  server,
  expectAccessible,
}) => {
  // Live by nature: a 10 s poll each for the pickup and the revocation.
  test.setTimeout(120_000)
  // The clipboard path: a desktop without the Web Share API, allowed to write and read the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: server.tenantOrigin(tenant),
  })
  await page.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, 'share')
  })
  await signIn(page, server, tenant, demoUsers.guardian)
  // A trip starting in 10 minutes, inside the fast polling window, its car sent on its way as a dispatch
  // system would.
  const [passenger] = await serverTrips(page)
  const trip = await bookTripSoon(server, tenant, passenger!.passenger.id, 10)
  await operatorEvent(server, tenant, trip.id, {
    type: 'dispatched',
    car: {
      name: 'Invataksi 5',
      registerNumber: 'IVA-505',
      phone: '+358 40 123 4567',
      driverName: 'Kari Kuski',
    },
  })
  await operatorEvent(server, tenant, trip.id, { type: 'enRoute', etd: trip.start })
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
  await expect(desk.getByRole('button', { name: 'Cancel trip' })).toHaveCount(0)
  await expect(desk.locator('a[href^="tel:"]')).toHaveCount(0)
  expect(await office.cookies()).toEqual([])

  // It follows the trip live: a pickup posted by the operator turns the panel without a reload.
  await operatorEvent(server, tenant, trip.id, { type: 'pickedUp' })
  await expect(panel).toContainText('Estimated arrival', { timeout: 30_000 })

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
  await expect(desk.getByText('Tracking link not found.')).toBeVisible({ timeout: 30_000 })
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
