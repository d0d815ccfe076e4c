import { demoUsers, expect, test } from './support/fixtures'
import { loginWithPassword, portalUrl, signIn } from './support/portal'

test('guardian lands on booking on a tenant that books', async ({ page, server }) => {
  await signIn(page, server, 'demo', demoUsers.guardian)
  await expect(page).toHaveURL(portalUrl(server, 'demo', '/booking'))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('guardian lands on passengers on a tenant without booking', async ({ page, server }) => {
  await signIn(page, server, 'helpbus', demoUsers.guardian)
  await expect(page).toHaveURL(portalUrl(server, 'helpbus', '/passengers'))
  await expect(page.getByRole('heading', { level: 1, name: 'Passengers' })).toBeVisible()
})

test('an anonymous visit to /trips goes home with redirect and continues there after login', async ({
  page,
  server,
}) => {
  await page.goto(portalUrl(server, 'demo', '/trips?lang=en'))
  await expect(page).toHaveURL(/\/\?redirect=%2Ftrips%3Flang%3Den$/)
  await loginWithPassword(page, demoUsers.guardian)
  await expect(page).toHaveURL(portalUrl(server, 'demo', '/trips?lang=en'))
})

test('a tenant chosen by path prefix on localhost keeps its prefix through login', async ({
  page,
  server,
}) => {
  await page.goto(`${server.origin}/espoo/?lang=en`)
  await loginWithPassword(page, demoUsers.single)
  await expect(page).toHaveURL(`${server.origin}/espoo/booking`)
})

test('a wrong password shows the error on an accessible login page', async ({
  page,
  server,
  expectAccessible,
}) => {
  await page.goto(portalUrl(server, 'fimlab', '/?lang=en'))
  await loginWithPassword(
    page,
    { userName: 'guardian', password: 'not-the-password' },
    { expectLanding: false },
  )
  await expect(page.getByRole('alert')).toContainText('Incorrect username or password')
  await expectAccessible()
})

test('strong authentication signs in a user without a password', async ({ page, server }) => {
  await page.goto(portalUrl(server, 'demo', '/passengers?lang=en'))
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.getByRole('link', { name: 'Log in with strong authentication' }).click()
  await page.getByRole('button', { name: /Aino Virtanen/ }).click()
  await expect(page).toHaveURL(portalUrl(server, 'demo', '/passengers?lang=en'))
  await page.getByRole('button', { name: 'Account' }).click()
  await expect(page.getByRole('menuitem', { name: 'Create password' })).toBeVisible()
})

test('logout ends the session, shows the logged-out page, and guards auth routes again', async ({
  page,
  server,
  expectAccessible,
}) => {
  await signIn(page, server, 'helpbus', demoUsers.single)
  await expect(page).toHaveURL(/\/passengers$/)
  await page.getByRole('button', { name: 'Account' }).click()
  // The portal logs out with a form post, which a foreign page cannot make on its behalf.
  const logoutRequest = page.waitForRequest((request) => new URL(request.url()).pathname === '/logout')
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  expect((await logoutRequest).method()).toBe('POST')
  await expect(page).toHaveURL(/\/logged-out/)
  await expect(page.getByRole('button', { name: 'Log back in' })).toBeVisible()
  await expectAccessible()
  await page.goto(portalUrl(server, 'helpbus', '/passengers'))
  await expect(page).toHaveURL(/\/\?redirect=%2Fpassengers/)
})

test('a remembered user’s trips show from the device while the token request is still on its way', async ({
  page,
  server,
}) => {
  await signIn(page, server, 'demo', demoUsers.guardian)
  await page.goto(portalUrl(server, 'demo', '/trips?lang=en'))
  const firstTrip = page.getByRole('link', { name: /To:/ }).first()
  await expect(firstTrip).toBeVisible()
  // The token endpoint holds every answer back: the screen must not wait for it.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.context().route('**/api/auth/access_token*', async (route) => {
    await held
    await route.continue().catch(() => undefined)
  })
  await page.reload()
  await expect(firstTrip).toBeVisible()
  release()
})
