import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { locales } from './support/locales'
import { portalUrl, signIn } from './support/portal'

/**
 * The notifications screen's static parts (issue 23) in every locale: reached from the drawer, its sections'
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
    await expectAccessible()
  })
}
