import type { Page } from '@playwright/test'
import type { StartSnapshot } from '../../src/domain/startSnapshot/snapshot'
import { demoUsers, expect, test } from './support/fixtures'
import { installed, portalUrl, signIn } from './support/portal'
import { rootStates, watchRoot } from './support/rootStates'
import { startServer, type RunningServer } from './support/server'

/**
 * The start snapshot (docs/startup.md): the trips screen as React last rendered it, painted by the service
 * worker into the next launch's shell, inert, until React's first commit replaces it.
 */

const tripLink = 'main a[href*="/trips/"]'

/** The snapshot stored for the page's origin, or null. */
function readSnapshot(page: Page): Promise<StartSnapshot | null> {
  return page.evaluate(async () => {
    const cache = await caches.open('start-snapshot')
    const [key] = await cache.keys()
    return key ? ((await (await cache.match(key))!.json()) as StartSnapshot) : null
  })
}

/** The snapshot stored for the page's origin, once there is one. */
async function storedSnapshot(page: Page): Promise<StartSnapshot> {
  let snapshot: StartSnapshot | null = null
  await expect
    .poll(async () => {
      snapshot = await readSnapshot(page)
      return snapshot !== null
    })
    .toBe(true)
  return snapshot!
}

function snapshotCount(page: Page): Promise<number> {
  return page.evaluate(async () => (await (await caches.open('start-snapshot')).keys()).length)
}

/** A remembered user on the trips screen, installed, with its snapshot stored. */
async function onTrips(page: Page, server: RunningServer, user: { userName: string; password: string }) {
  await signIn(page, server, 'demo', user)
  await page.goto(portalUrl(server, 'demo', '/trips'))
  await installed(page)
  await expect(page.locator(tripLink).first()).toBeVisible()
  return storedSnapshot(page)
}

/**
 * Leaves the portal for a page of its origin where none of the portal runs (an API answer), so the trips screen
 * stores no snapshot meanwhile.
 */
async function leavePortal(page: Page, server: RunningServer) {
  await page.goto(portalUrl(server, 'demo', '/api/auth/access_token'))
}

/**
 * A snapshot stored on the trips screen and still there once the portal is left, where nothing changes it: the
 * demo's simulator moves trips on now and then, and a change throws the snapshot away until the screen stores
 * the next one.
 */
async function restingSnapshot(page: Page, server: RunningServer): Promise<StartSnapshot> {
  let snapshot: StartSnapshot | null = null
  await expect
    .poll(
      async () => {
        await page.goto(portalUrl(server, 'demo', '/trips'))
        await storedSnapshot(page)
        await leavePortal(page, server)
        snapshot = await readSnapshot(page)
        return snapshot !== null
      },
      { timeout: 60_000 },
    )
    .toBe(true)
  return snapshot!
}

test('the next launch paints the stored trips at once, inert and busy, and React replaces them with no empty moment', async ({
  page,
  server,
}) => {
  await onTrips(page, server, demoUsers.single)
  const snapshot = await restingSnapshot(page, server)
  expect(snapshot).toMatchObject({ tenantId: 'demo', locale: 'en' })
  expect(snapshot.html).toContain('/trips/')
  expect(snapshot.validUntil).toBeGreaterThan(Date.now())
  expect(snapshot.validUntil).toBeLessThanOrEqual(Date.now() + 10 * 60_000)
  await watchRoot(page)
  // A phone's slower CPU, as the bench's start: the snapshot shows while the entry loads and runs.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.goto(portalUrl(server, 'demo', '/trips'))
  await expect(page.locator(tripLink).first()).toBeVisible()
  await expect.poll(() => rootStates(page)).toEqual(['snapshot inert=true busy=true', 'screen'])
})

test('a screen reader and the keyboard reach the real screen only, never the snapshot', async ({
  page,
  server,
}) => {
  await onTrips(page, server, demoUsers.single)
  await restingSnapshot(page, server)
  // With no script, nothing replaces the snapshot: it is all there is to reach.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true })
  await page.goto(portalUrl(server, 'demo', '/trips'))
  const snapshot = page.locator('[data-start-snapshot]')
  await expect(snapshot).toHaveAttribute('inert', '')
  await expect(snapshot).toHaveAttribute('aria-busy', 'true')
  await expect(snapshot.locator('a[href*="/trips/"]').first()).toBeVisible()
  // The browser's own accessibility tree, which screen readers read: none of its links and buttons (the trips,
  // the menus, the navigation) are there.
  const { nodes } = await cdp.send('Accessibility.getFullAXTree')
  const reached = nodes.filter(
    (node) => !node.ignored && ['link', 'button'].includes(String(node.role?.value)),
  )
  expect(reached.map((node) => node.name?.value)).toEqual([])
  await page.keyboard.press('Tab')
  expect(
    await page.evaluate(() => document.activeElement?.closest('[data-start-snapshot]') ?? null),
  ).toBeNull()
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: false })
  await page.reload()
  await expect(snapshot).toHaveCount(0)
  // The real screen's trips are links the tree has, and the keyboard reaches.
  const tree = await cdp.send('Accessibility.getFullAXTree')
  expect(tree.nodes.some((node) => !node.ignored && node.role?.value === 'link')).toBe(true)
  await page.locator(tripLink).first().focus()
  await expect(page.locator(tripLink).first()).toBeFocused()
})

test('a snapshot past its time is not painted but deleted, and another URL never gets one', async ({
  page,
  server,
}) => {
  await onTrips(page, server, demoUsers.single)
  // As a snapshot of yesterday, or of a session since ended, would be: its validity has passed.
  const snapshot = await restingSnapshot(page, server)
  await page.evaluate(
    async (expired) => {
      const cache = await caches.open('start-snapshot')
      const [key] = await cache.keys()
      await cache.put(key!, new Response(JSON.stringify(expired)))
    },
    { ...snapshot, validUntil: Date.now() - 1 },
  )
  await watchRoot(page)
  await page.goto(portalUrl(server, 'demo', '/trips'))
  await expect(page.locator(tripLink).first()).toBeVisible()
  await expect.poll(() => rootStates(page)).toEqual(['spinner', 'screen'])
  // The screen stores a new one.
  expect((await storedSnapshot(page)).validUntil).toBeGreaterThan(Date.now())
  // Another day or passenger chosen in the URL: the shell as it is.
  await page.goto(portalUrl(server, 'demo', `/trips?date=${snapshot.day}`))
  await expect(page.locator(tripLink).first()).toBeVisible()
  await expect.poll(() => rootStates(page)).toEqual(['spinner', 'screen'])
})

test('a language chosen after it was stored throws it away: the next launch is in the new language from the start', async ({
  page,
  server,
}) => {
  await onTrips(page, server, demoUsers.single)
  await page.goto(portalUrl(server, 'demo', '/trips?lang=fi'))
  await expect(page.locator(tripLink).first()).toBeVisible()
  await expect.poll(() => snapshotCount(page)).toBe(0)
  await watchRoot(page)
  await page.goto(portalUrl(server, 'demo', '/trips'))
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi')
  await expect(page.locator(tripLink).first()).toBeVisible()
  expect((await rootStates(page))?.some((state) => state.startsWith('snapshot'))).toBe(false)
  expect(await storedSnapshot(page)).toMatchObject({ locale: 'fi', lang: 'fi' })
})

test('logging out deletes the snapshot, and whoever signs in next never sees the one before', async ({
  page,
  server,
}) => {
  const single = await onTrips(page, server, demoUsers.single)
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page.getByRole('button', { name: 'Log back in' })).toBeVisible()
  expect(await snapshotCount(page)).toBe(0)

  // Without a logout: the login page, where someone else may sign in on this device, throws it away first.
  const again = await onTrips(page, server, demoUsers.single)
  expect(again.userId).toBe(single.userId)
  await page.context().clearCookies()
  await page.goto(portalUrl(server, 'demo', '/login?locale=en'))
  await expect.poll(() => snapshotCount(page)).toBe(0)
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(demoUsers.guardian.userName)
  await page.getByLabel('Password', { exact: true }).fill(demoUsers.guardian.password)
  await watchRoot(page)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.goto(portalUrl(server, 'demo', '/trips'))
  await expect(page.locator(tripLink).first()).toBeVisible()
  expect((await rootStates(page))?.some((state) => state.startsWith('snapshot'))).toBe(false)
  expect((await storedSnapshot(page)).userId).not.toBe(single.userId)
})

test.describe('a session that ends', () => {
  // Sessions of 40 s, which a slide (at least a minute's move) never lengthens: long enough for the sign-in and
  // the first visit on a loaded machine, short enough to wait for.
  const sessionSeconds = 40
  let shortSessions: RunningServer
  test.beforeAll(async () => {
    shortSessions = await startServer({ DEMO_SIMULATOR: 'off', SESSION_TTL_SECONDS: String(sessionSeconds) })
  })
  test.afterAll(async () => {
    await shortSessions.stop()
  })

  test('takes its snapshot with it: none is painted after the session has ended', async ({ page }) => {
    const snapshot = await onTrips(page, shortSessions, demoUsers.single)
    expect(snapshot.validUntil).toBeLessThanOrEqual(Date.now() + sessionSeconds * 1000)
    // Away from the portal, whose activity would keep the session going, until the session has ended.
    await leavePortal(page, shortSessions)
    await expect
      .poll(
        () =>
          page.evaluate(
            async () =>
              ((await (await fetch('/api/auth/access_token')).json()) as { accessToken: unknown })
                .accessToken,
          ),
        { timeout: (sessionSeconds + 10) * 1000 },
      )
      .toBeNull()
    await watchRoot(page)
    await page.goto(portalUrl(shortSessions, 'demo', '/trips'))
    await expect.poll(async () => (await rootStates(page))?.[0]).toBe('spinner')
    expect((await rootStates(page))?.some((state) => state.startsWith('snapshot'))).toBe(false)
  })
})
