import type { Page } from '@playwright/test'
import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { locales } from './support/locales'
import { portalUrl, signIn } from './support/portal'

/**
 * The notifications screen's static parts in every locale: reached from the drawer, its sections'
 * headings, the turn-on button, the settings form's legends once they load, and axe. Subscribing needs a push
 * service, which headless Chromium does not reach here (docs: stack notes); the flows are unit-tested
 * (tests/unit/screens/notifications.test.tsx).
 */
for (const locale of locales) {
  test(`notifications: the screen renders and is accessible (${locale})`, async ({
    page,
    server,
    expectAccessible,
  }) => {
    const t = await catalog(locale)
    await signIn(page, server, 'default', demoUsers.guardian)
    await page.goto(portalUrl(server, 'default', `/passengers?lang=${locale}`))
    await page.getByRole('button', { name: t('shell.open_menu') }).click()
    await page
      .getByRole('navigation', { name: t('shell.main_menu') })
      .getByRole('link', { name: t('menu.notifications') })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: t('menu.notifications') })).toBeVisible()
    await expect(
      page.getByRole('heading', { level: 2, name: t('notifications.device.heading') }),
    ).toBeVisible()
    await expect(
      page.getByRole('heading', { level: 2, name: t('notifications.devices.heading') }),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: t('notifications.device.turn_on') })).toBeEnabled()
    await expect(page.getByRole('group', { name: t('notifications.settings.timing') })).toBeVisible()
    await expect(page.getByLabel(t('notifications.settings.reminder_time'))).toHaveValue(/^\d\d:\d\d$/)
    await expect(page.getByRole('heading', { level: 2, name: t('calendar_feed.heading') })).toBeVisible()
    await expectAccessible()
  })
}

/** Fetches a feed as a calendar app would, without the session's cookie (the page's *.localhost host resolves only in the browser). */
function fetchFeed(page: Page, url: string) {
  // no-store: a calendar app may keep an answer for its max-age (5 minutes); this asks the server itself.
  return page.evaluate(async (address) => {
    const response = await fetch(address, { credentials: 'omit', cache: 'no-store' })
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: await response.text(),
    }
  }, url)
}

test('notifications: a calendar link serves the trips as iCalendar, and a new one ends the old (fi)', async ({
  page,
  server,
}) => {
  const t = await catalog('fi')
  await signIn(page, server, 'default', demoUsers.guardian)
  await page.goto(portalUrl(server, 'default', '/notifications?lang=fi'))
  await page.getByRole('button', { name: t('calendar_feed.make') }).click()
  const address = page.getByLabel(t('calendar_feed.address'))
  await expect(address).toHaveValue(/\/calendar\/[\w-]{22,}\.ics$/)
  const first = await address.inputValue()
  await expect(page.getByRole('link', { name: t('calendar_feed.open') })).toHaveAttribute(
    'href',
    first.replace(/^https?:/, 'webcal:'),
  )
  const feed = await fetchFeed(page, first)
  expect(feed.status).toBe(200)
  expect(feed.type).toMatch(/^text\/calendar/)
  expect(feed.body).toMatch(/BEGIN:VCALENDAR[\s\S]*BEGIN:VEVENT[\s\S]*END:VCALENDAR/)

  await page.getByRole('button', { name: t('calendar_feed.renew') }).click()
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: t('calendar_feed.renew') })
    .click()
  await expect(address).not.toHaveValue(first)
  expect((await fetchFeed(page, first)).status).toBe(404)
  expect((await fetchFeed(page, await address.inputValue())).status).toBe(200)
})

test('notifications: e-mail switches beside push with their defaults, waiting for a confirmed address (fi)', async ({
  page,
  server,
  expectAccessible,
}) => {
  const t = await catalog('fi')
  await signIn(page, server, 'default', demoUsers.guardian)
  await page.goto(portalUrl(server, 'default', '/notifications?lang=fi'))
  const emailSwitch = (kind: string) =>
    page
      .getByRole('switch', {
        name: t('notifications.email.switch', { label: t(`notifications.kind.${kind}`) }),
      })
      .first()
  // The demo guardian's address was never confirmed: the defaults show, the switches wait for it.
  await expect(emailSwitch('trip_changed')).toBeChecked()
  await expect(emailSwitch('reminder')).toBeChecked()
  await expect(emailSwitch('eta')).not.toBeChecked()
  await expect(emailSwitch('eta')).toBeDisabled()
  await expect(emailSwitch('eta')).toHaveAccessibleDescription(t('notifications.email.unconfirmed'))
  await expect(page.getByRole('link', { name: t('notifications.email.personal_info') })).toHaveAttribute(
    'href',
    /\/personal-info$/,
  )
  await expectAccessible()

  // The push switches save as before, and the e-mail choices come back as they were.
  const pushNear = page.getByRole('switch', { name: t('notifications.kind.eta'), exact: true }).first()
  await pushNear.uncheck()
  await page.getByRole('button', { name: t('notifications.settings.save') }).click()
  await expect(page.getByRole('status').filter({ hasText: t('notifications.settings.saved') })).toBeVisible()
  await page.reload()
  await expect(pushNear).not.toBeChecked()
  await expect(emailSwitch('trip_changed')).toBeChecked()
  await expect(emailSwitch('eta')).not.toBeChecked()
})
