import type { Page } from '@playwright/test'
import { demoUsers, expect, test } from './support/fixtures'
import { portalUrl, signIn } from './support/portal'

/** Names of the scripts the page fetches, e.g. `temporal-polyfill-abc123.js`. */
function scriptNames(page: Page): string[] {
  const names: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') names.push(new URL(request.url()).pathname.split('/').pop()!)
  })
  return names
}

const polyfill = (names: string[]) => names.some((name) => name.startsWith('temporal-polyfill'))

/** Whether the page's Temporal is the browser's own: its classes' source is native code. */
const nativeTemporal = (page: Page) =>
  page.evaluate(() => {
    const { Temporal } = globalThis as unknown as { Temporal: { PlainDate: () => unknown } }
    return Function.prototype.toString.call(Temporal.PlainDate).includes('[native code]')
  })

test('the trips screen uses the browser’s own Temporal and loads no polyfill', async ({ page, server }) => {
  const scripts = scriptNames(page)
  await signIn(page, server, 'demo', demoUsers.guardian)
  await page.goto(portalUrl(server, 'demo', '/trips?lang=en'))
  await expect(page.getByRole('link', { name: /To:/ }).first()).toBeVisible()
  expect(await nativeTemporal(page)).toBe(true)
  expect(polyfill(scripts)).toBe(false)
})

test('a browser without Temporal loads the polyfill first and shows the trips with their dates', async ({
  page,
  server,
}) => {
  await page.addInitScript(() => {
    delete (globalThis as { Temporal?: unknown }).Temporal
  })
  const scripts = scriptNames(page)
  await signIn(page, server, 'demo', demoUsers.guardian)
  await page.goto(portalUrl(server, 'demo', '/trips?lang=en'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Trips \d{1,2}\.\d{1,2}\.\d{4}$/)
  await expect(page.getByRole('link', { name: /To:/ }).first()).toBeVisible()
  expect(await nativeTemporal(page)).toBe(false)
  expect(polyfill(scripts)).toBe(true)
})
