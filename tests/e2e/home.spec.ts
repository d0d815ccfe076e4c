import { demoUsers, expect, test } from './support/fixtures'
import { portalUrl, signIn } from './support/portal'

const homeTexts = {
  en: { login: 'Login', lang: 'en' },
  fi: { login: 'Kirjaudu sisään', lang: 'fi' },
  sv: { login: 'Logga in', lang: 'sv' },
} as const

for (const [locale, texts] of Object.entries(homeTexts)) {
  test(`the demo home page shows Login in ${locale} and passes axe`, async ({
    page,
    server,
    expectAccessible,
  }) => {
    await page.goto(portalUrl(server, 'demo', `/?lang=${locale}`))
    await expect(page.getByRole('button', { name: texts.login, exact: true })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', texts.lang)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible()
  })
}

test('the home page loads without a console error, with the tenant icon', async ({ page, server }) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto(portalUrl(server, 'fcg', '/?lang=en'))
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible()
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/tenant-icon/fcg.svg')
  expect(errors).toEqual([])
})

test('the page title is the page title plus the tenant site title', async ({ page, server }) => {
  await page.goto(portalUrl(server, 'espoo', '/privacy?lang=en'))
  await expect(page).toHaveTitle(/^Privacy statement – Espoon asiointiliikenne$/)
})

test('home shows the hero image, register button and info list by tenant', async ({ page, server }) => {
  await page.goto(`${server.origin}/?lang=en`)
  await expect(page.getByTestId('hero-image')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Register' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Good to know' })).toBeVisible()

  await page.goto(portalUrl(server, 'kovanen', '/?lang=en'))
  await expect(page.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register-travel-card')
  await expect(page.getByTestId('hero-image')).toHaveCount(0)

  await page.goto(portalUrl(server, 'black', '/?lang=en'))
  await expect(page.getByRole('heading', { name: 'Good to know' })).toHaveCount(0)
})

test('a signed-in user sees Logout on the home page', async ({ page, server }) => {
  await signIn(page, server, 'helpbus', demoUsers.single)
  await expect(page).toHaveURL(/\/passengers$/)
  await page.goto(portalUrl(server, 'helpbus', '/'))
  await expect(page.getByRole('button', { name: 'Logout', exact: true })).toBeVisible()
})

test('an unknown tenant host is a clear 404', async ({ page, server }) => {
  const response = await page.goto(portalUrl(server, 'nosuchoperator', '/?lang=en'))
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/unknown|not found/i)
})

test('legacy /#/invitation/ URLs are redirected to /invitation/', async ({ page, server }) => {
  await page.goto(portalUrl(server, 'demo', '/#/invitation/ABC123'))
  await expect(page).toHaveURL(portalUrl(server, 'demo', '/invitation/ABC123'))
})
