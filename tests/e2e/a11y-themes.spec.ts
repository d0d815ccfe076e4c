import { tenantIds } from '../../tenants/types'
import { demoUsers, expect, test } from './support/fixtures'
import { locales, openLoginPage, submitPassword } from './support/locales'

/**
 * Every tenant theme once: its home page, its server-rendered login page and a signed-in screen with the top
 * bar and bottom navigation (the drawer's colours are those of dialogs, checked in a11y-screens.spec.ts). The locale rotates so that each meets every theme's colours
 * in some tenant, and every other tenant runs with the browser asking for a dark colour scheme: the portal's
 * only dark theme is a tenant's (black), so a dark browser must change nothing.
 */
// Read-only journeys: the tenants' tests may run on both workers at once.
test.describe.configure({ mode: 'parallel' })

tenantIds.forEach((tenant, index) => {
  const locale = locales[index % locales.length]!
  const colorScheme = index % 2 ? 'dark' : 'light'
  test(`the ${tenant} theme passes axe in ${locale} with a ${colorScheme} browser`, async ({
    page,
    server,
    expectAccessible,
  }) => {
    await page.emulateMedia({ colorScheme })
    await openLoginPage(page, server, tenant, locale)
    await expectAccessible()
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible()

    await openLoginPage(page, server, tenant, locale)
    await submitPassword(page, demoUsers.guardian)
    await page.waitForURL(/\/(booking|passengers)$/)
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible()
  })
})
