import type { BrowserContext, Page, Route } from '@playwright/test'
import { catalog } from './support/catalog'
import { connectionBlip, serverUnreachable } from './support/connection'
import { demoUsers, expect, test } from './support/fixtures'
import { openLoginPage, submitPassword } from './support/locales'
import { operatorMessage } from './support/messages'
import { accessToken, apiGet, portalUrl } from './support/portal'
import { operatorEvent, tripUnderWay } from './support/trips'

/**
 * Nothing on the page moves under the user's finger on a phone: the offline and "cannot be reached" banner, the
 * bottom navigation when the first pull brings messages, and a notice each take their place without a layout
 * shift, as the browser itself reports them (`layout-shift` entries); and the drop-off notice does not lie over
 * the trip's review button. The journey adds a trip under way and a message to its own tenant's single user.
 */

const tenant = 'luvn'

/** A layout shift as the browser reported it: its score and the elements it moved. */
interface Shift {
  value: number
  moved: string[]
}

/**
 * Records every layout shift of each document from its start, before the page's scripts run: what moved is
 * named, and marked when it lies in the bottom navigation.
 */
function recordShifts() {
  interface LayoutShiftEntry extends PerformanceEntry {
    value: number
    sources: { node: Node | null }[]
  }
  const shifts: Shift[] = []
  const name = (node: Node | null) => {
    const element = node instanceof Element ? node : (node?.parentElement ?? null)
    if (!element) return 'a node no longer on the page'
    const where = element.closest('nav') ? ' in the navigation' : ''
    return `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"${where}`
  }
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShiftEntry[]) {
      shifts.push({ value: entry.value, moved: entry.sources.map((source) => name(source.node)) })
    }
  })
  observer.observe({ type: 'layout-shift', buffered: true })
  Object.assign(window, {
    layoutShifts: () => {
      // Entries of the frames just drawn may not have reached the callback yet.
      observer.takeRecords().forEach((entry) => {
        const shift = entry as LayoutShiftEntry
        shifts.push({ value: shift.value, moved: shift.sources.map((source) => name(source.node)) })
      })
      return shifts
    },
  })
}

/** The layout shifts from now on: the returned function reads those since, once two more frames are drawn. */
async function shiftsFromNow(page: Page): Promise<() => Promise<Shift[]>> {
  const read = () => page.evaluate(() => (window as unknown as { layoutShifts(): Shift[] }).layoutShifts())
  const start = (await read()).length
  return async () => {
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    return (await read()).slice(start)
  }
}

/** Holds the portal's requests for messages until the returned function lets them go on. */
async function holdMessages(context: BrowserContext): Promise<() => Promise<void>> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const hold = async (route: Route) => {
    await released
    // One the page gave up meanwhile (it went on to the landing) is not there to go on.
    await route.continue().catch(() => undefined)
  }
  await context.route('**/api/message**', hold)
  return async () => {
    release()
    await context.unroute('**/api/message**', hold)
  }
}

test('the banner, the navigation and a notice take their place without moving the page', async ({
  page,
  context,
  server,
  expectAccessible,
}) => {
  test.slow()
  const _ = await catalog('fi')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.addInitScript(recordShifts)
  const releaseMessages = await holdMessages(context)
  await openLoginPage(page, server, tenant, 'fi')
  await submitPassword(page, demoUsers.single)
  await page.waitForURL((url) => !/^(\/[a-z]+)?\/(login)?$/.test(url.pathname))

  // The navigation is there before the first pull has brought the messages, with Messages in it.
  const shortcuts = page.getByRole('navigation', { name: _('shell.bottom_navigation') })
  await expect(shortcuts.getByRole('link', { name: _('nav.messages'), exact: true })).toBeVisible()
  const token = await accessToken(page)
  const [passenger] = (await apiGet(page, '/api/passenger', token)).body as { id: string; name: string }[]
  await operatorMessage(server, tenant, passenger!.id, `Siirtymätön ${Date.now()}`)
  let shifts = await shiftsFromNow(page)
  await releaseMessages()
  await expect(shortcuts.getByRole('link', { name: _('nav.messages') })).toContainText(/\d/)
  expect(
    (await shifts()).filter((shift) => shift.moved.some((moved) => moved.endsWith('navigation'))),
  ).toEqual([])

  // A screen at rest: the banner comes and goes as the network does, and when the server does not answer.
  const trip = await tripUnderWay(server, tenant, passenger!.id)
  // Only a trip the device already knows can newly show a pickup (src/db/tripMilestones.ts): the trip list shows
  // it once a pull has stored it. A page's first pull starts only once it is idle, which on a loaded machine
  // came after the pickup, and then the trip was news with its pickup already in it.
  await page.goto(portalUrl(server, tenant, '/trips'))
  await expect(page.getByRole('main').locator(`a[href$="/trips/${trip.id}/${trip.date}"]`)).toBeVisible()
  await page.goto(portalUrl(server, tenant, '/passengers'))
  await expect(page.getByText(_('sync.last_synced_time', { time: '' }).trim())).toBeVisible()
  shifts = await shiftsFromNow(page)
  await page.context().setOffline(true)
  await expect(page.getByText(_('network.offline'), { exact: true })).toBeVisible()
  expect(await shifts()).toEqual([])
  await expectAccessible()
  await page.context().setOffline(false)
  await expect(page.getByText(_('network.offline'), { exact: true })).toBeHidden()
  expect(await shifts()).toEqual([])
  const answerAgain = await serverUnreachable(context)
  await connectionBlip(page, _)
  await expect(page.getByText(_('network.unreachable'))).toBeVisible()
  expect(await shifts()).toEqual([])
  await answerAgain()

  // The pickup, told by a notice over the page, which stays where it is.
  await operatorEvent(server, tenant, trip.id, { type: 'pickedUp' })
  await connectionBlip(page, _)
  const pickedUp = page.getByRole('status').filter({ hasText: _('notice.passenger_picked_up', passenger) })
  await expect(pickedUp).toBeVisible()
  expect(await shifts()).toEqual([])
  await expectAccessible()
  await pickedUp.getByRole('button', { name: _('common.close') }).click()

  // On the trip's own detail the drop-off is its panel's news and review button's; no notice lies over them.
  await page.goto(portalUrl(server, tenant, `/trips/${trip.id}/${trip.date}`))
  await expect(page.getByText(_('sync.last_synced_time', { time: '' }).trim())).toBeVisible()
  await operatorEvent(server, tenant, trip.id, { type: 'droppedOff' })
  await connectionBlip(page, _)
  const review = page.getByRole('button', { name: _('trips.review_open') })
  await expect(review).toBeVisible()
  await expect(page.getByText(_('notice.passenger_dropped_off_rate', passenger))).toHaveCount(0)
  // Scrolled to the page's end, where the button is last, a tap at its centre reaches it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const box = (await review.boundingBox())!
  const reached = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  )
  expect(reached).toContain(_('trips.review_open'))
  await expectAccessible()
})
