import type { Locator, Page } from '@playwright/test'
import { tenants } from '../../tenants'
import { catalog, type Catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { installed, portalUrl, signIn } from './support/portal'
import { expectFramed, withoutInternet } from './support/tracking'
import { operatorTrackingLink, trackedTrips } from './support/trips'

// The demo tenant has the operator's contact. These journeys only read its seeded trip under way (and make a
// tracking link of it), so they change nothing other journeys on the demo see.
const tenant = 'demo'
const contact = tenants.demo.contact!

/** The plain status of every code a trip under way can have, in Finnish: never the spec's 'Unknown'. */
const plainStatus = (_: Catalog) =>
  new RegExp(
    ['dispatched', 'en_route', 'car_waiting', 'aboard'].map((id) => _(`trips.tracking.${id}`)).join('|'),
  )
const updatedAt = (_: Catalog) =>
  new RegExp(_('trips.tracking.updated_at', { updatedClock: 'CLOCK' }).replace('CLOCK', '\\d{2}:\\d{2}'))

/** The panel says the trip's status in plain words and when it was updated, with no 'Unknown'. */
async function expectPlainStatus(panel: Locator, _: Catalog) {
  await expect(panel).toContainText(plainStatus(_))
  await expect(panel).toContainText(updatedAt(_))
  await expect(panel).not.toContainText(_('trips.tracking.unknown'))
}

/** The portal's basemap (its attribution), framed to the trip with its legend. */
async function expectFramedWithLegend(page: Page, _: Catalog) {
  await expect(page.getByText('Natural Earth')).toBeAttached()
  await expectFramed(page, _)
}

/** The operator's phone and e-mail, as links that call and write. */
async function expectContact(page: Page, _: Catalog) {
  const section = page.getByRole('region', { name: _('tracking.contact.heading') })
  await expect(section.getByRole('link', { name: contact.phone })).toHaveAttribute(
    'href',
    `tel:${contact.phone.replaceAll(' ', '')}`,
  )
  await expect(section.getByRole('link', { name: contact.email })).toHaveAttribute(
    'href',
    `mailto:${contact.email}`,
  )
}

test('trip detail tells the status plainly with its time, frames the map with a legend and the contact, and keeps the last known status offline', async ({
  page,
  server,
  expectAccessible,
}) => {
  const _ = await catalog('fi')
  const outside = await withoutInternet(page.context())
  await signIn(page, server, tenant, demoUsers.guardian)
  const [trip] = await trackedTrips(page)
  if (!trip?.status?.carLocation) throw new Error('The demo has no tracked trip whose car has a location')
  await page.goto(portalUrl(server, tenant, `/trips/${trip.id}/${trip.date}?lang=fi`))
  await installed(page)
  const panel = page.getByRole('region', { name: _('trips.tracking.heading'), exact: true })
  await expectPlainStatus(panel, _)
  await expectFramedWithLegend(page, _)
  await expectContact(page, _)
  await expectAccessible()

  // Offline: the status, its time and the map stay, said to be the last known.
  await page.context().setOffline(true)
  await expect(panel).toContainText(_('trips.tracking.last_known'))
  await expectPlainStatus(panel, _)
  // Opened again with no network: the status the last pull brought shows, with the map.
  await page.reload()
  await expect(panel).toContainText(_('trips.tracking.last_known'))
  await expectPlainStatus(panel, _)
  await expectFramedWithLegend(page, _)
  await expectAccessible()
  await page.context().setOffline(false)
  await expect(panel).not.toContainText(_('trips.tracking.last_known'))
  expect(outside).toEqual([])
})

test('a tracking link tells the office the same, with the operator’s contact, and keeps the last known status offline', async ({
  page,
  browser,
  server,
  expectAccessible,
}) => {
  const _ = await catalog('fi')
  await signIn(page, server, tenant, demoUsers.guardian)
  const [trip] = await trackedTrips(page)
  if (!trip?.status?.carLocation) throw new Error('The demo has no tracked trip whose car has a location')
  const url = await operatorTrackingLink(server, tenant, trip)

  const office = await browser.newContext()
  const desk = await office.newPage()
  const outside = await withoutInternet(office)
  await desk.goto(`${url}?lang=fi`)
  const panel = desk.getByRole('region', { name: _('trips.tracking.heading'), exact: true })
  await expectPlainStatus(panel, _)
  await expectFramedWithLegend(desk, _)
  await expectContact(desk, _)
  await expectAccessible(desk)

  await office.setOffline(true)
  await expect(panel).toContainText(_('trips.tracking.last_known'))
  await expectPlainStatus(panel, _)
  await expect(desk.getByRole('list', { name: _('trips.map.legend') })).toBeVisible()
  await expectAccessible(desk)
  await office.setOffline(false)
  await expect(panel).not.toContainText(_('trips.tracking.last_known'))

  // A link that shows no trip still says whom to ask.
  await desk.goto(`${server.tenantOrigin(tenant)}/track/${'A'.repeat(22)}?lang=fi`)
  await expect(desk.getByRole('main').getByText(_('track.not_found'))).toBeVisible()
  await expectContact(desk, _)
  await expectAccessible(desk)
  expect(outside).toEqual([])
  await office.close()
})
