import type { BrowserContext } from '@playwright/test'

export const demoGuardian = { userName: 'guardian', password: 'demo-guardian-2026' }

/**
 * Signs a browser context in on the tenant's server login page, as a user would, and lets the page it lands on
 * settle: the session cookie and the remembered user stay in the context.
 */
export async function signIn(
  context: BrowserContext,
  origin: string,
  user: { userName: string; password: string },
): Promise<void> {
  const page = await context.newPage()
  try {
    await page.goto(`${origin}/login?locale=en`)
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(user.userName)
    await page.getByLabel('Password', { exact: true }).fill(user.password)
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await page.waitForURL((url) => !url.pathname.endsWith('/login'))
    // The page the login lands on remembers the user (the first page after a login is the only one that
    // loads the user session machine); measuring starts once it has, not by a race with it.
    await page.waitForLoadState('networkidle')
  } finally {
    await page.close()
  }
}
