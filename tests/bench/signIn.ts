import type { BrowserContext } from '@playwright/test'

export const demoGuardian = { userName: 'guardian', password: 'demo-guardian-2026' }

/** Signs a browser context in on the tenant's server login page, as a user would; the session cookie stays in it. */
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
  } finally {
    await page.close()
  }
}
