import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { locales } from './support/locales'
import { installed, portalUrl, signIn } from './support/portal'
import { futureTrips, operatorEvent } from './support/trips'

test('offline, a pending cancellation, the logout question and a rejection pass axe on the dark theme', async ({
  page,
  context,
  server,
  expectAccessible,
}) => {
  // One device's queue walked through every locale twice: longer than one screen's test.
  test.slow()
  // black is the dark theme. Its guardian's passengers are no other journey's (outbox.spec.ts uses `single`).
  const tenant = 'black'
  await signIn(page, server, tenant, demoUsers.guardian)
  const [trip] = await futureTrips(page, 1)
  if (!trip) throw new Error('No future trip')
  await installed(page)
  const detail = (locale: string) =>
    portalUrl(server, tenant, `/trips/${trip.id}/${trip.date}?lang=${locale}`)
  const en = await catalog('en')
  await page.goto(detail('en'))
  await expect(page.getByRole('button', { name: en('trips.cancel_trip') })).toBeVisible()
  await context.setOffline(true)
  await page.getByRole('button', { name: en('trips.cancel_trip') }).click()
  const dialog = page.getByRole('dialog', { name: en('trips.cancel_trip') })
  await dialog.getByRole('textbox').fill('Ei tarvita')
  await dialog.getByRole('button', { name: en('trips.cancel_trip') }).click()
  await expect(dialog).toBeHidden()

  for (const locale of locales) {
    const _ = await catalog(locale)
    await page.goto(detail(locale))
    await expect(page.getByText(_('network.offline'))).toBeVisible()
    await expect(page.getByText(_('trips.cancellation_pending_title')).first()).toBeVisible()
    await expectAccessible()
    await page.goto(portalUrl(server, tenant, `/trips?date=${trip.date}&lang=${locale}`))
    await expect(page.getByText(_('trips.chip.cancellation_pending')).first()).toBeVisible()
    await expectAccessible()
    await page.getByRole('button', { name: _('shell.account_menu') }).click()
    await page.getByRole('menuitem', { name: _('menu.logout') }).click()
    const confirm = page.getByRole('alertdialog')
    await expect(confirm.getByRole('button', { name: _('logout.anyway') })).toBeVisible()
    await expectAccessible()
    await confirm.getByRole('button', { name: _('common.cancel') }).click()
    await expect(confirm).toBeHidden()
  }

  // The trip starts before the device is back online: the queued cancellation is refused and says why.
  await operatorEvent(server, tenant, trip.id, { type: 'pickedUp' })
  await context.setOffline(false)
  for (const locale of locales) {
    const _ = await catalog(locale)
    await page.goto(detail(locale))
    await expect(page.getByText(_('trips.problem.picked_up')).first()).toBeVisible({ timeout: 30_000 })
    await expectAccessible()
  }
})
