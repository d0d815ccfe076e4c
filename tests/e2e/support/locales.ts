import { expect, type Page } from '@playwright/test'
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
