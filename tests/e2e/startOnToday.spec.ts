import type { Page } from '@playwright/test'
import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { portalUrl, signIn } from './support/portal'

test.use({ viewport: { width: 390, height: 844 } })

interface Icon {
  src: string
  sizes: string
  type: string
  purpose: string
}

/** What the page gets for an icon's address: its content type and, for a PNG, the size its header gives. */
async function fetchedImage(page: Page, src: string) {
  return page.evaluate(async (address) => {
    const response = await fetch(address)
    const bytes = new DataView(await response.arrayBuffer())
    const png = response.headers.get('content-type') === 'image/png'
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      size: png ? `${bytes.getUint32(16)}x${bytes.getUint32(20)}` : null,
    }
  }, src)
}

test('the installed app starts on the trips with PNG icons, and signed out asks to log in first', async ({
  page,
  server,
}) => {
  const t = await catalog('fi')
  await page.goto(portalUrl(server, 'helpbus', '/?lang=fi'))
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
  const manifest = (await page.evaluate(async (href) => (await fetch(href)).json(), manifestHref!)) as {
    start_url: string
    icons: Icon[]
  }
  expect(manifest.start_url).toBe('/trips')
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png')
  expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '192x192 maskable',
    '512x512 any',
    '512x512 maskable',
  ])
  for (const icon of pngs) {
    expect(await fetchedImage(page, icon.src)).toEqual({ status: 200, type: 'image/png', size: icon.sizes })
  }
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
  expect(touchIcon).toBe('/tenant-icon/helpbus-maskable-180.png')
  expect(await fetchedImage(page, touchIcon!)).toEqual({ status: 200, type: 'image/png', size: '180x180' })

  // Opened signed out, the start goes home, which says why and keeps the trips for after the login.
  await page.goto(portalUrl(server, 'helpbus', `${manifest.start_url}?lang=fi`))
  await expect(page).toHaveURL(/\/\?redirect=%2Ftrips/)
  await expect(page.getByText(t('home.login_to_continue'))).toBeVisible()
})

test('today’s trips open at the trip under way, below the now line', async ({
  page,
  server,
  expectAccessible,
}) => {
  const t = await catalog('fi')
  await signIn(page, server, 'helpbus', demoUsers.guardian)
  await page.goto(portalUrl(server, 'helpbus', '/trips?lang=fi'))
  const items = page.getByRole('main').getByRole('listitem')
  const now = items.filter({ hasText: /^Nyt \d{1,2}[.:]\d{2}/ })
  await expect(now).toHaveCount(1)
  await expect(now).toContainText(t('trips.now_under_way'))
  // The demo's guardian has trips that ended today above the one under way (server/demo/schedule.ts).
  const texts = await items.allTextContents()
  const at = texts.findIndex((text) => /^Nyt /.test(text))
  expect(at).toBeGreaterThan(0)
  const underWay = items.nth(at + 1)
  await expect(underWay).toContainText(t('trips.chip.aboard'))
  await expect(now).toBeInViewport()
  await expect(underWay).toBeInViewport()
  await expect(page.getByRole('heading', { level: 1 })).not.toBeInViewport()
  await expectAccessible()

  // Back from a trip that ended, the list is where the user left it rather than at now again.
  const ended = items.first()
  await ended.scrollIntoViewIfNeeded()
  await expect(now).not.toBeInViewport()
  await ended.getByRole('link').first().click()
  await expect(page).toHaveURL(/\/trips\/[^/]+\/\d{4}-\d{2}-\d{2}/)
  await page.goBack()
  await expect(ended).toBeInViewport()
  await expect(now).not.toBeInViewport()
})
