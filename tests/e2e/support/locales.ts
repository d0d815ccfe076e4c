import { expect, type Page } from '@playwright/test'
import type { Catalog } from './catalog'
import type { RunningServer } from './server'
import { portalUrl, type Locale } from './portal'

export const locales: readonly Locale[] = ['fi', 'sv', 'en']

/** The home page's Login button in each locale. */
export const loginButton: Record<Locale, string> = { fi: 'Kirjaudu sisään', sv: 'Logga in', en: 'Login' }

/**
 * Opens a tenant's home page in a locale and goes to the server's login page from it. The fields are found by
 * id, so that one helper serves every locale; the labels are checked by axe and by auth.spec.ts.
 */
export async function openLoginPage(
  page: Page,
  server: RunningServer,
  tenant: string,
  locale: Locale,
): Promise<void> {
  await page.goto(portalUrl(server, tenant, `/?lang=${locale}`))
  await page.getByRole('button', { name: loginButton[locale], exact: true }).click()
  await expect(page.locator('#username')).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', locale)
}

/** Submits the login page's password form. */
export async function submitPassword(
  page: Page,
  user: { userName: string; password: string },
): Promise<void> {
  await page.locator('#username').fill(user.userName)
  await page.locator('#password').fill(user.password)
  await page.locator('form[method="post"] button[type="submit"]').click()
}

/**
 * On the login page a sign-in to accept an invitation went to (which says why), strong authentication through
 * the test identity provider as `who`.
 */
export async function identifyToAccept(page: Page, _: Catalog, who: RegExp): Promise<void> {
  await expect(page.getByText(_('login.invitation_notice'))).toBeVisible()
  await page.getByRole('link', { name: _('login.strong_button') }).click()
  await page.getByRole('button', { name: who }).click()
}
