import { tenantIds } from '../../tenants/types'
import { demoUsers, expect, test } from './support/fixtures'
import { locales, loginButton, submitPassword } from './support/locales'
import { portalUrl } from './support/portal'

/**
 * Every tenant theme once: its home page, its server-rendered login page and a signed-in screen with the top
 * bar and bottom navigation. (The drawer is checked in every locale by shell.spec.ts; its surface, text and
 * link colours are checked for every theme by the tenants' contrast unit test.) The locale rotates, and every
 * other tenant runs with the browser asking for a dark colour scheme: the portal's only dark theme is a
 * tenant's (black), so a dark browser must change nothing.
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
    await page.goto(portalUrl(server, tenant, `/?lang=${locale}`))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible()
    await page.getByRole('button', { name: loginButton[locale], exact: true }).click()
    await expect(page.locator('#username')).toBeVisible()
    await expectAccessible()
    await submitPassword(page, demoUsers.guardian)
    await page.waitForURL(/\/(booking|passengers)$/)
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible()
  })
})
