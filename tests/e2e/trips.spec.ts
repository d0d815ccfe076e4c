import { demoUsers, expect, test } from './support/fixtures'
import { portalUrl, signIn } from './support/portal'
import { futureTrips, operatorEvent, reviewableTrip, serverTrips, trackedTrips } from './support/trips'

const titles = { en: 'Trips', fi: 'Matkat', sv: 'Resor' } as const

for (const [locale, title] of Object.entries(titles)) {
  test(`the trips list shows today's trips with their chips in ${locale}`, async ({
    page,
    server,
    expectAccessible,
  }) => {
    await signIn(page, server, 'helpbus', demoUsers.guardian)
    await page.goto(portalUrl(server, 'helpbus', `/trips?lang=${locale}`))
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title)
    const items = page.getByRole('main').getByRole('listitem')
    await expect(items.first()).toBeVisible()
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(9)
    await expectAccessible()
  })
}

test('the list filters by passenger, moves between days with trips, and opens a trip', async ({
  page,
  server,
}) => {
  await signIn(page, server, 'helpbus', demoUsers.guardian)
  await page.goto(portalUrl(server, 'helpbus', '/trips'))
  const main = page.getByRole('main')
  for (const chip of ['Aboard', 'Done', 'Cancelled', 'No-show']) {
    await expect(main.getByText(chip, { exact: true }).first()).toBeVisible()
  }
  await expect(page.getByRole('link', { name: /Previous day with trips/ })).toHaveCount(0)

  const all = await main.getByRole('listitem').count()
  await page.getByRole('button', { name: /Passenger/ }).click()
  const passengers = page.getByRole('menuitemradio')
  await expect(passengers.first()).toHaveText('All')
  await passengers.nth(1).click()
  await expect(page).toHaveURL(/passenger=/)
  await expect.poll(() => main.getByRole('listitem').count()).toBeLessThan(all)

  await page.getByRole('link', { name: /Next day with trips/ }).click()
  await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/)
  await expect(page.getByRole('link', { name: /Previous day with trips/ })).toBeVisible()
  await main.getByRole('listitem').getByRole('link').first().click()
  await expect(page).toHaveURL(/\/trips\/[^/]+\/\d{4}-\d{2}-\d{2}$/)
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible()
})

test('a trip shows the chip of the spec’s table, and none once a car is named with no pickup', async ({
  page,
  server,
}) => {
  await signIn(page, server, 'helpbus', demoUsers.single)
  // Tomorrow's trips have their car already (server/demo/schedule.ts), the next day's not yet, and the simulator
  // leaves them alone: the first future trip with no car, whatever the day the suite runs.
  const [trip] = (await futureTrips(page, 4)).filter((candidate) => !candidate.carName)
  const item = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href$="/trips/${trip!.id}/${trip!.date}"]`) })
  await page.goto(portalUrl(server, 'helpbus', `/trips?date=${trip!.date}`))
  await expect(item).toContainText('Waiting for car')

  const car = {
    name: 'Invataksi 7',
    registerNumber: 'IVA-707',
    phone: '+358 40 765 4321',
    driverName: 'Kari',
  }
  await operatorEvent(server, 'helpbus', trip!.id, { type: 'dispatched', car })
  await page.reload()
  await expect(item).toContainText('Invataksi 7')
  // Nothing between the passenger's name and the car: no chip at all, in the spec's words or any other.
  const text = (await item.textContent())!.replace(/\s+/g, ' ')
  expect(text).toContain(`${trip!.passenger.name}Car: Invataksi 7`)
})

test('the calendar offers only days that have trips', async ({ page, server, expectAccessible }) => {
  await signIn(page, server, 'helpbus', demoUsers.single)
  await page.goto(portalUrl(server, 'helpbus', '/trips'))
  await page.getByRole('button', { name: /Choose date/ }).click()
  const grid = page.getByRole('grid')
  await expect(grid).toBeVisible()
  // The days follow the synced trips, which may still be arriving when the calendar opens: wait for them.
  await expect(grid.locator('button:not([aria-disabled="true"])').first()).toBeVisible()
  await expect(grid.locator('button[aria-disabled="true"]').first()).toBeVisible()
  await expectAccessible()
})

test('trip detail shows the car, deductible and note, and a trip that does not exist', async ({
  page,
  server,
  expectAccessible,
}) => {
  await signIn(page, server, 'helpbus', demoUsers.guardian)
  const trip = (await serverTrips(page)).find((candidate) => candidate.carName && !candidate.cancelledAt)!
  await page.goto(portalUrl(server, 'helpbus', `/trips/${trip.id}/${trip.date}`))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText(trip.carName!, { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: /^\+358/ })).toHaveAttribute('href', /^tel:/)
  await expectAccessible()

  await page.goto(portalUrl(server, 'helpbus', '/trips/no-such-trip/2026-01-01'))
  await expect(page.getByText('Trip not found.')).toBeVisible()
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/trips/)
})

test('trip detail tracks a trip starting within 30 minutes in a status panel', async ({
  page,
  server,
  expectAccessible,
}) => {
  await signIn(page, server, 'helpbus', demoUsers.guardian)
  // The demo has trips today around the current time: on their way, waiting, aboard.
  const [trip] = await trackedTrips(page)
  if (!trip) throw new Error('The demo has no trip under way or starting within 30 minutes')
  await page.goto(portalUrl(server, 'helpbus', `/trips/${trip.id}/${trip.date}`))
  await expect(page.getByRole('heading', { name: 'Tracking', exact: true })).toBeVisible()
  await expect(page.getByRole('progressbar', { name: 'Trip progress' })).toHaveAttribute(
    'aria-valuetext',
    /^\d+ minutes? left$/,
  )
  await expectAccessible()
})

test('a completed trip is reviewed with the tenant star scale and then shown read-only', async ({
  page,
  server,
  expectAccessible,
}) => {
  await signIn(page, server, 'fcg', demoUsers.guardian)
  const trip = await reviewableTrip(page, server, 'fcg')
  await page.goto(portalUrl(server, 'fcg', `/trips/${trip.id}/${trip.date}`))
  await page.getByRole('button', { name: 'Review the trip' }).click()
  const dialog = page.getByRole('dialog', { name: 'Review the trip' })
  await expect(dialog.getByRole('radio', { name: '4 of 4 stars' }).first()).toBeVisible()
  await expect(dialog.getByRole('radio', { name: /of 5 stars/ })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Choose a rating').first()).toBeVisible()
  await expectAccessible()

  await dialog
    .getByRole('radiogroup', { name: 'Driver' })
    .getByRole('radio', { name: '3 of 4 stars' })
    .click()
  await dialog
    .getByRole('radiogroup', { name: 'Trip experience' })
    .getByRole('radio', { name: '4 of 4 stars' })
    .click()
  await dialog.getByLabel('Comment').fill('Kuljettaja oli ajoissa ja ystävällinen.')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Kuljettaja oli ajoissa ja ystävällinen.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Review the trip' })).toHaveCount(0)
  await expect
    .poll(async () => (await serverTrips(page)).find((t) => t.id === trip.id)!.reviews.length)
    .toBe(1)
})

test('a trip is cancelled from its detail with a required reason', async ({ page, server }) => {
  await signIn(page, server, 'keskustaksi', demoUsers.guardian)
  const trips = await serverTrips(page)
  const trip = trips.find((t) => !t.cancelledAt && !t.pickupTime && !t.noShowTime && t.date > trips[0]!.date)!
  await page.goto(portalUrl(server, 'keskustaksi', `/trips/${trip.id}/${trip.date}`))
  await page.getByRole('button', { name: 'Cancel trip' }).click()
  const dialog = page
    .getByRole('alertdialog', { name: 'Cancel trip' })
    .or(page.getByRole('dialog', { name: 'Cancel trip' }))
  const confirm = dialog.getByRole('button', { name: 'Cancel trip' })
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel('Reason for cancellation').fill('   ')
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel('Reason for cancellation').fill('Lääkäriaika siirtyi')
  await confirm.click()
  await expect(page.getByText('The trip has been cancelled')).toBeVisible()
  await expect(page.getByText('Reason: Lääkäriaika siirtyi')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancel trip' })).toHaveCount(0)
})
