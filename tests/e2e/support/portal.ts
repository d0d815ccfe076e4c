import { expect, type Page } from '@playwright/test'
import type { RunningServer } from './server'

export type Locale = 'fi' | 'sv' | 'en'

/** The portal of a tenant on its own host name; `path` may carry a query. */
export function portalUrl(server: RunningServer, tenant: string, path = '/'): string {
  return `${server.tenantOrigin(tenant)}${path}`
}

/** Username and password sign-in on the server's login page, starting from the portal home page. */
export async function loginWithPassword(
  page: Page,
  user: { userName: string; password: string },
  { expectLanding = true } = {},
): Promise<void> {
  const labels = { login: /^login$/i, username: 'Username', password: 'Password', submit: 'Log in' }
  await page.getByRole('button', { name: labels.login }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByRole('textbox', { name: labels.username, exact: true }).fill(user.userName)
  await page.getByLabel(labels.password, { exact: true }).fill(user.password)
  await page.getByRole('button', { name: labels.submit, exact: true }).click()
  if (!expectLanding) return
  // The server returns to the portal's home, which then continues to the landing page or saved redirect.
  await page.waitForURL((url) => !/^(\/[a-z]+)?\/(login)?$/.test(url.pathname))
}

/** Opens a tenant's home page in English and signs in. */
export async function signIn(
  page: Page,
  server: RunningServer,
  tenant: string,
  user: { userName: string; password: string },
  path = '/?lang=en',
): Promise<void> {
  await page.goto(portalUrl(server, tenant, path))
  await loginWithPassword(page, user)
}

/** A session's access token, fetched in the page (Chromium resolves *.localhost; Node does not). */
export async function accessToken(page: Page): Promise<string> {
  const body = await page.evaluate(async () => (await fetch('/api/auth/access_token')).json())
  const token = (body as { accessToken: string | null }).accessToken
  if (!token) throw new Error('No session')
  return token
}

/** A GET of the API from the page with a bearer token: its status and JSON body. */
export async function apiGet(
  page: Page,
  path: string,
  token: string,
): Promise<{ status: number; body: unknown }> {
  return apiSend(page, path, token, 'GET')
}

/** A call of the portal's API from the page, with the user's token (and a new Idempotency-Key when it posts). */
export async function apiSend(
  page: Page,
  path: string,
  token: string,
  method: 'GET' | 'POST',
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ path, token, method, body }) => {
      const headers: Record<string, string> = { Authorization: `Bearer ${token}` }
      if (method === 'POST') {
        headers['content-type'] = 'application/json'
        headers['idempotency-key'] = crypto.randomUUID()
      }
      const response = await fetch(path, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      return { status: response.status, body: await response.json() }
    },
    { path, token, method, body },
  )
}

/** Waits until the service worker controls the page, so that the portal reloads without a network. */
export async function installed(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

/**
 * The alert that says something: the snackbar keeps an empty alert region mounted (a region made with its text
 * is not read), so a page has that one too.
 */
export function shownAlert(page: Page) {
  return page.getByRole('alert').filter({ hasText: /\S/ })
}
