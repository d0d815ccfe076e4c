import type { Locator, Page } from '@playwright/test'
import { Temporal } from 'temporal-polyfill'
import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { locales, openLoginPage, submitPassword } from './support/locales'
import { portalUrl, type Locale } from './support/portal'
import type { RunningServer } from './support/server'
import { futureTrips } from './support/trips'

const helsinkiDay = (days: number) => Temporal.Now.plainDateISO('Europe/Helsinki').add({ days }).toString()

// Nothing here changes data (no dialog is submitted valid), so the tests may run on both workers at once.
test.describe.configure({ mode: 'parallel' })

const tenant = 'demo'

async function signInDemo(page: Page, server: RunningServer, locale: Locale) {
  await openLoginPage(page, server, tenant, locale)
  await submitPassword(page, demoUsers.guardian)
  await page.waitForURL(/\/booking$/)
  return (path: string) => page.goto(portalUrl(server, tenant, path))
}

/** Fills a field with a value its form refuses, submits, and waits until the field is marked invalid. */
async function refuse(field: Locator, value: string, submit: Locator) {
  await field.fill(value)
  await submit.click()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
}

for (const locale of locales) {
  test(`signed-in menus and remaining routes pass axe in ${locale}`, async ({
    page,
    server,
    expectAccessible,
  }) => {
    const _ = await catalog(locale)
    const go = await signInDemo(page, server, locale)

    // Routes the other suites visit anonymously or not at all, and a trip that does not exist.
    for (const path of [
      '/transportationPermissions/some-passenger/1',
      '/track/some-link',
      '/invitation/ABC',
    ]) {
      await go(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectAccessible()
    }
    await go('/trips/no-such-trip/2026-01-01')
    await expect(page.getByText(_('trips.not_found'))).toBeVisible()
    await expectAccessible()

    await page.getByRole('button', { name: _('shell.account_menu') }).click()
    await expect(page.getByRole('menu')).toBeVisible()
    await expectAccessible()
    await page.keyboard.press('Escape')

    // The trips list's passenger filter and calendar.
    await go('/trips')
    await page.getByRole('button', { name: new RegExp(`^${_('trips.passenger_filter')}`) }).click()
    await expect(page.getByRole('menuitemradio').first()).toBeVisible()
    await expectAccessible()
    await page.keyboard.press('Escape')
    const chooseDate = _('trips.choose_date').split(',')[0]!
    await page.getByRole('button', { name: new RegExp(`^${chooseDate}`) }).click()
    await expect(page.getByRole('grid')).toBeVisible()
    await expectAccessible()
    await page.keyboard.press('Escape')
  })

  test(`the passenger dialogs and the cancel dialog pass axe in ${locale}`, async ({
    page,
    server,
    expectAccessible,
  }) => {
    const _ = await catalog(locale)
    const go = await signInDemo(page, server, locale)

    // The passenger dialogs, each showing its field's error.
    await go('/passengers')
    await page.getByRole('button', { name: _('passenger.add_title') }).click()
    let dialog = page.getByRole('dialog', { name: _('passenger.add_title') })
    await refuse(
      dialog.getByLabel(_('passenger.token')),
      'NOPE-0000',
      dialog.getByRole('button', { name: _('passenger.add'), exact: true }),
    )
    await expectAccessible()
    await page.keyboard.press('Escape')
    await page
      .getByRole('button', { name: new RegExp(`^${_('passenger.edit')}`) })
      .first()
      .click()
    dialog = page.getByRole('dialog', { name: _('passenger.edit_title') })
    await refuse(
      dialog.getByLabel(_('passenger.initials')),
      '',
      dialog.getByRole('button', { name: _('common.save') }),
    )
    await expectAccessible()
    await page.keyboard.press('Escape')

    // The cancel dialog of a trip's detail, before a reason is written.
    const [trip] = await futureTrips(page, 1)
    await go(`/trips/${trip!.id}/${trip!.date}`)
    await page.getByRole('button', { name: _('trips.cancel_trip') }).click()
    dialog = page.getByRole('dialog', { name: _('trips.cancel_trip') })
    await expect(dialog.getByLabel(_('canceltrips.reason'))).toBeVisible()
    await expectAccessible()
    await page.keyboard.press('Escape')
  })

  test(`the cancel wizard's steps and errors pass axe in ${locale}`, async ({
    page,
    server,
    expectAccessible,
  }) => {
    const _ = await catalog(locale)
    const go = await signInDemo(page, server, locale)
    await go('/canceltrips')
    await page.getByLabel(_('canceltrips.time_period')).check()
    const next = page.getByRole('button', { name: _('common.next') })
    await refuse(page.getByLabel(_('canceltrips.start_date')), helsinkiDay(-1), next)
    await expectAccessible()
    await page.getByLabel(_('canceltrips.start_date')).fill(helsinkiDay(1))
    await page.getByLabel(_('canceltrips.end_date')).fill(helsinkiDay(4))
    await next.click()
    const passengers = page.getByRole('checkbox')
    await expect(passengers).toHaveCount(3)
    await expectAccessible()
    for (const passenger of await passengers.all()) await passenger.check()
    await next.click()
    await expect(page.getByRole('checkbox').first()).toBeVisible()
    await page.getByRole('checkbox').first().check()
    await next.click()
    await refuse(
      page.getByRole('textbox', { name: _('canceltrips.reason') }),
      '',
      page.getByRole('button', { name: _('canceltrips.send') }),
    )
    await expectAccessible()
  })
}
