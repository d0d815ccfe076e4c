import { demoUsers, expect, test } from './support/fixtures'
import { portalUrl, signIn } from './support/portal'
import { rootStates, watchRoot } from './support/rootStates'
import { serverTrips } from './support/trips'

/** The drawer of a signed-in user with a password, every item in spec section 2's order, less what a tenant lacks. */
const signedInMenuWithout = (...absent: string[]) =>
  [
    'Home',
    'Passengers',
    'Transportation permissions',
    'Trips',
    'Cancel trips',
    'Book a trip',
    'Personal information',
    'Messages',
    'Notifications',
    'Privacy statement',
    'Register a travel card',
    'Accessibility statement',
    'Change password',
    'Log out',
  ].filter((item) => !absent.includes(item))

test('the drawer lists the tenant menu and hides auth items from anonymous users', async ({
  page,
  server,
  expectAccessible,
}) => {
  await page.goto(portalUrl(server, 'demo', '/?lang=en'))
  await page.getByRole('button', { name: 'Menu' }).click()
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await expect(menu.getByRole('link')).toHaveText(['Home', 'Privacy statement', 'Accessibility statement'])
  await expect(page.getByRole('dialog').getByLabel('Theme')).toBeVisible()
  await expectAccessible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused()

  await signIn(page, server, 'demo', demoUsers.guardian)
  await expect(page).toHaveURL(/\/booking$/)
  await page.getByRole('button', { name: 'Menu' }).click()
  // Demo has booking and the permissions but registers no travel cards.
  await expect(menu.getByRole('link')).toHaveText(signedInMenuWithout('Register a travel card'))
  await menu.getByRole('link', { name: 'Passengers' }).click()
  await expect(page).toHaveURL(/\/passengers$/)
  // A navigation from the drawer lands keyboard and screen-reader users on the new screen.
  await expect(page.locator('#main')).toBeFocused()
})

test.describe('menus whose code loads on first use', () => {
  // The service worker would serve the menu's chunk from its cache, past the route that holds it back.
  test.use({ serviceWorkers: 'block' })

  test('the account menu keeps the key or click that asked for it while its code loads', async ({
    page,
    server,
  }) => {
    await signIn(page, server, 'demo', demoUsers.guardian)
    await expect(page).toHaveURL(/\/booking$/)
    const holdMenuCode = async () => {
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(/\/assets\/RadixMenus-[\w-]+\.js$/, async (route) => {
        await held
        await route.continue()
      })
      return release
    }
    const trigger = page.getByRole('button', { name: 'Account' })

    let release = await holdMenuCode()
    await trigger.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('menu')).toHaveCount(0)
    release()
    await expect(page.getByRole('menuitem', { name: 'Personal information' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(trigger).toBeFocused()

    await page.unrouteAll()
    await page.reload()
    release = await holdMenuCode()
    await trigger.click()
    release()
    await page.getByRole('menuitem', { name: 'Personal information' }).click()
    await expect(page).toHaveURL(/\/personal-info$/)
  })
})

test('tenants without booking or permissions have neither in menus', async ({ page, server }) => {
  await signIn(page, server, 'helpbus', demoUsers.guardian)
  await expect(page).toHaveURL(/\/passengers$/)
  const bottom = page.getByRole('navigation', { name: 'Shortcuts' })
  // The demo guardian has messages: their item shows the unseen count.
  await expect(bottom.getByRole('link')).toHaveText(['Passengers', 'Trips', 'Cancel', /Inbox\d+ unseen$/])
  await expect(bottom.getByRole('link', { name: 'Passengers' })).toHaveAttribute('aria-current', 'page')
  await page.getByRole('button', { name: 'Menu' }).click()
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await expect(menu.getByRole('link')).toHaveText(
    signedInMenuWithout('Transportation permissions', 'Book a trip', 'Register a travel card'),
  )
})

test('the bottom navigation starts with booking where the tenant books, and has messages before any come', async ({
  page,
  server,
}) => {
  await signIn(page, server, 'espoo', demoUsers.single)
  await expect(page).toHaveURL(/\/booking$/)
  const bottom = page.getByRole('navigation', { name: 'Shortcuts' })
  await expect(bottom.getByRole('link')).toHaveText(['Book', 'Trips', 'Cancel', 'Inbox'])
})

test("a remembered user's start shows the bottom navigation with the first trips, not a moment after", async ({
  page,
  server,
}) => {
  await signIn(page, server, 'demo', demoUsers.single)
  // With a query, which the start snapshot never paints (startSnapshot.spec.ts): React's own start.
  await page.goto(portalUrl(server, 'demo', '/trips?lang=en'))
  await expect(page.locator('main a[href*="/trips/"]').first()).toBeVisible()
  // Notes, as the document starts, whether the bottom navigation is there when the first trip link comes: a
  // part that suspended would come up to 300 ms later (React's reveal of suspended content).
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('a[href*="/trips/"]')) return
      Object.assign(window, { navWithTrips: document.querySelector('nav a[href$="/canceltrips"]') !== null })
      observer.disconnect()
    })
    observer.observe(document, { childList: true, subtree: true })
  })
  // A phone's slower CPU, as the bench's start: the chunks then arrive while the screen renders (without it the
  // screen comes late enough that a suspended part is revealed with it).
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.reload()
  await expect.poll(() => page.evaluate(() => (window as { navWithTrips?: boolean }).navWithTrips)).toBe(true)
})

test("a remembered user's start goes from the spinner straight to the screen, never an empty page", async ({
  page,
  server,
}) => {
  await signIn(page, server, 'demo', demoUsers.single)
  // With a query, which the start snapshot never paints (startSnapshot.spec.ts): React's own start.
  await page.goto(portalUrl(server, 'demo', '/trips?lang=en'))
  await expect(page.locator('main a[href*="/trips/"]').first()).toBeVisible()
  // Notes every state of the page's root from the start: the router rendered before the screen's code came
  // committed an empty root, the spinner gone and nothing in its place.
  await watchRoot(page)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.reload()
  await expect.poll(() => rootStates(page)).toEqual(['spinner', 'screen'])
})

test('choosing a language in the drawer reloads the portal in it', async ({ page, server }) => {
  await page.goto(portalUrl(server, 'demo', '/?lang=en'))
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('button', { name: 'Suomeksi' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi')
  await expect(page.getByRole('button', { name: 'Kirjaudu sisään', exact: true })).toBeVisible()
  await page.goto(portalUrl(server, 'demo', '/'))
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi')
})

test('an external link asks first and stays when declined', async ({ page, server }) => {
  await page.goto(portalUrl(server, 'kulkukeskus', '/privacy-keusote?lang=en'))
  const link = page.getByRole('link', { name: 'www.keusote.fi' })
  await link.click()
  const confirm = page.getByRole('alertdialog', { name: 'Leave the portal?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(page).toHaveURL(/\/privacy-keusote/)
  await expect(link).toBeFocused()

  // Accepting follows the link; the outside site is stood in for, the network here is closed.
  await page.route('https://www.keusote.fi/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Keusote</title>' }),
  )
  await link.click()
  await confirm.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL('https://www.keusote.fi/')
})

test('the offline banner shows when the network goes away, and the page keeps room for it only while it shows', async ({
  page,
  context,
  server,
}) => {
  // The room the bars at the bottom take from the page's end and its scroll padding (WCAG 2.4.11).
  const coveredBottom = () =>
    page.evaluate(() => document.documentElement.style.getPropertyValue('--covered-bottom'))
  await page.goto(portalUrl(server, 'demo', '/?lang=en'))
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible()
  await context.setOffline(true)
  await expect(page.getByText('Network connection not available')).toBeVisible()
  await expect.poll(coveredBottom).toMatch(/^\d+px$/)
  await context.setOffline(false)
  await expect(page.getByText('Network connection not available')).toBeHidden()
  await expect.poll(coveredBottom).toBe('')
})

const staticPages = [
  ['/privacy', 'espoo'],
  ['/privacy-keusote', 'kulkukeskus'],
  ['/accessibility-report', 'espoo'],
  ['/accessibility-report-keusote', 'kulkukeskus'],
  ['/logged-out', 'demo'],
  ['/invitation/ABC', 'demo'],
  ['/register-travel-card', 'kovanen'],
  ['/track/some-link', 'demo'],
  ['/no-such-page', 'demo'],
] as const

for (const locale of ['fi', 'sv', 'en'] as const) {
  test(`public pages pass axe in ${locale}`, async ({ page, server, expectAccessible }) => {
    for (const [path, tenant] of staticPages) {
      await page.goto(portalUrl(server, tenant, `${path}?lang=${locale}`))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await expectAccessible()
    }
  })

  test(`signed-in screens pass axe in ${locale}`, async ({ page, server, expectAccessible }) => {
    // Every signed-in screen and its menus and dialogs, each through axe: 25 s on a quiet machine, past 60 s on
    // a busy one.
    test.slow()
    await signIn(page, server, 'kulkukeskus', demoUsers.guardian)
    await expect(page).toHaveURL(/\/booking$/)
    const screens = [
      '/passengers',
      '/personal-info',
      '/password',
      '/trips',
      '/booking',
      '/canceltrips',
      '/messages',
    ]
    for (const path of [...screens, '/transportationPermissions']) {
      await page.goto(portalUrl(server, 'kulkukeskus', `${path}?lang=${locale}`))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectAccessible()
    }
    // A trip's detail, and one with a review form, from today's list.
    const reviewable = (await serverTrips(page)).find(
      (t) => t.dropoffTime && t.allowReview && !t.reviews.length,
    )!
    await page.goto(portalUrl(server, 'kulkukeskus', `/trips/${reviewable.id}/${reviewable.date}`))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible()
    await page
      .getByRole('button', { name: /Review|Arvioi|omdöme/i })
      .first()
      .click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectAccessible()
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: /Menu|Valikko|Meny/ }).click()
    await expectAccessible()
  })
}

test('an uncaught error is reported to the API host, scrubbed, without a token', async ({ page, server }) => {
  await signIn(page, server, 'helpbus', demoUsers.guardian)
  await expect(page).toHaveURL(/\/passengers$/)
  const reported = page.waitForRequest('**/api/client-errors')
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('no trip for ella@example.fi')
    })
  })
  const request = await reported
  expect(request.headers()).not.toHaveProperty('authorization')
  expect(request.headers()['x-tenant']).toBe('helpbus')
  expect(request.postDataJSON()).toMatchObject({
    kind: 'error',
    message: 'Error: no trip for [email]',
    page: '/passengers',
    release: expect.stringMatching(/^\d+\.\d+\.\d+/),
  })
  expect((await request.response())?.status()).toBe(200)
})
