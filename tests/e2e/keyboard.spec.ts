import { expect as baseExpect, type Locator, type Page } from '@playwright/test'
import { demoUsers, expect, test } from './support/fixtures'
import { portalUrl } from './support/portal'
import { futureTrips, serverTrips } from './support/trips'

/** The most Tab presses a journey may need to reach a control: past that, the order has lost it. */
const mostTabs = 40

/**
 * Presses Tab until `target` has the focus, and checks the focus is visible there (a ring of its own: WCAG
 * 2.4.7, 2.4.11). Fails when Tab never reaches it, as when it is out of the order or focus is trapped.
 */
async function tabTo(page: Page, target: Locator): Promise<void> {
  const handle = await target.elementHandle()
  if (!handle) throw new Error('No such control')
  for (let presses = 0; presses < mostTabs; presses++) {
    await page.keyboard.press('Tab')
    if (await handle.evaluate((element) => element === document.activeElement)) {
      const ring = await handle.evaluate((element) => {
        const style = getComputedStyle(element)
        return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
      })
      baseExpect(ring, 'the focused control shows a focus ring').toBe(true)
      return
    }
  }
  throw new Error(`Tab did not reach the control in ${mostTabs} presses`)
}

const focusedInside = (page: Page, container: Locator) =>
  container.evaluate((element) => element.contains(document.activeElement))

test('signing in and cancelling a trip from its detail by keyboard alone: skip link, dialog focus and Escape', async ({
  page,
  server,
}) => {
  const tenant = 'keskustaksi'
  await page.goto(portalUrl(server, tenant, '/?lang=en'))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // The first Tab reaches the skip link, which moves the focus to the screen's content.
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page.locator('#main')).toBeFocused()

  await tabTo(page, page.getByRole('button', { name: 'Login', exact: true }))
  await page.keyboard.press('Enter')
  const userName = page.getByRole('textbox', { name: 'Username', exact: true })
  await expect(userName).toBeVisible()
  await tabTo(page, userName)
  await page.keyboard.type(demoUsers.guardian.userName)
  await tabTo(page, page.getByLabel('Password', { exact: true }))
  await page.keyboard.type(demoUsers.guardian.password)
  await page.keyboard.press('Enter')
  await page.waitForURL(/\/booking$/)

  const [trip] = await futureTrips(page, 1)
  await page.goto(portalUrl(server, tenant, `/trips/${trip!.id}/${trip!.date}`))
  const cancel = page.getByRole('button', { name: 'Cancel trip' })
  await tabTo(page, cancel)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Cancel trip' })
  await expect(dialog).toBeVisible()
  await expect.poll(() => focusedInside(page, dialog)).toBe(true)
  // Escape closes it and gives the focus back to what opened it.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(cancel).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  const reason = dialog.getByLabel('Reason for cancellation')
  if (!(await reason.evaluate((element) => element === document.activeElement))) await tabTo(page, reason)
  await page.keyboard.type('Perhe matkoilla')
  // Tab stays inside the open dialog: it reaches the confirm button there, never the page behind.
  await tabTo(page, dialog.getByRole('button', { name: 'Cancel trip' }))
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect
    .poll(async () => (await serverTrips(page)).find((each) => each.id === trip!.id)?.cancelledAt ?? null)
    .not.toBeNull()
  // The focus did not fall to the page's body, where a keyboard user would have to start over.
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true)
})

test('the drawer by keyboard: it opens on Enter, takes the focus, changes the language, and Escape gives the focus back', async ({
  page,
  server,
}) => {
  await page.goto(portalUrl(server, 'demo', '/?lang=en'))
  const menuButton = page.getByRole('button', { name: 'Menu' })
  await tabTo(page, menuButton)
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog')
  await expect(drawer).toBeVisible()
  await expect.poll(() => focusedInside(page, drawer)).toBe(true)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(menuButton).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(drawer).toBeVisible()
  await tabTo(page, drawer.getByRole('button', { name: 'Svenska' }))
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv')
  await expect(page.getByRole('button', { name: 'Logga in', exact: true })).toBeVisible()
})
