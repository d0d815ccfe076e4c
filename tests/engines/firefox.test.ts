import type { Browser, Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../e2e/support/server'
import { operatorThread } from '../e2e/support/messages'
import { operatorTrackingLink } from '../e2e/support/trips'
import { launchFirefox } from './support/firefox'
import { openServerGate, type ServerGate } from './support/serverGate'
import { futureOf, serverTrips } from './support/serverTrips'

const tenant = 'demo'

/** Waits until the page's rendered text holds `text` (or, with `shown: false`, no longer does). */
function waitForText(page: Page, text: string, shown = true, timeout = 15_000): Promise<unknown> {
  return page.waitForFunction(
    (wanted: string, present: boolean) => document.body.innerText.includes(wanted) === present,
    { timeout },
    text,
    shown,
  )
}

/**
 * Opens `url`. Firefox aborts a navigation that meets one of the portal's own (its landing page replacing the
 * URL just after sign-in): the test's is made again once.
 */
async function go(page: Page, url: string): Promise<void> {
  try {
    await page.goto(url)
  } catch (error) {
    if (!String(error).includes('NS_BINDING_ABORTED')) throw error
    await page.goto(url)
  }
}

describe('the core journeys in Firefox ESR', () => {
  let server: RunningServer
  let gate: ServerGate
  let browser: Browser
  let page: Page
  const url = (path: string) => `${gate.tenantOrigin(tenant)}${path}`

  beforeAll(async () => {
    server = await startServer({ DEMO_SIMULATOR: 'off', DEMO_APPROVAL_DELAY_MS: '1000' })
    gate = await openServerGate(server)
    browser = await launchFirefox()
    page = await browser.newPage()
  })
  afterAll(async () => {
    await browser?.close()
    await gate?.stop()
    await server?.stop()
  })

  it('signs in, lists the trips and opens a trip’s detail', async () => {
    await go(page, url('/?lang=en'))
    await page.locator('button::-p-text(Login)').click()
    await page.waitForSelector('#username')
    await page.type('#username', 'guardian')
    await page.type('#password', 'demo-guardian-2026')
    await Promise.all([page.waitForNavigation(), page.click('form[method="post"] button[type="submit"]')])
    await page.waitForFunction(() => location.pathname.endsWith('/booking'), { timeout: 20_000 })

    await go(page, url('/trips'))
    await page.waitForSelector('main a[href*="/trips/"]', { timeout: 20_000 })
    const [trip] = futureOf(await serverTrips(server, tenant, page))
    await go(page, url(`/trips/${trip!.id}/${trip!.date}`))
    await waitForText(page, trip!.passenger.name)
    await page.waitForSelector('button::-p-text(Cancel trip)')
  })

  it('opens the installed portal with no server at all, showing the trips from the device', async () => {
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 20_000 })
    gate.close()
    try {
      const shell = await browser.newPage()
      await go(shell, url('/trips'))
      await shell.waitForSelector('main a[href*="/trips/"]', { timeout: 20_000 })
      await shell.close()
    } finally {
      gate.open()
    }
  })

  it('keeps a cancellation made while the server cannot be reached pending through a reload, and sends it once when it answers', async () => {
    const [trip] = futureOf(await serverTrips(server, tenant, page))
    await go(page, url(`/trips/${trip!.id}/${trip!.date}`))
    await page.waitForSelector('button::-p-text(Cancel trip)')
    gate.close()
    await page.locator('button::-p-text(Cancel trip)').click()
    await page.waitForSelector('[role="dialog"] textarea')
    await page.type('[role="dialog"] textarea', 'Perhe matkoilla')
    await page.locator('[role="dialog"] button::-p-text(Cancel trip)').click()
    await waitForText(page, 'Cancellation pending')
    await waitForText(page, 'The service cannot be reached right now')

    await page.reload()
    await waitForText(page, 'Cancellation pending')
    expect(gate.passed.filter((request) => request.startsWith('POST /api/command/batch'))).toEqual([])

    gate.open()
    await expect
      .poll(
        async () =>
          (await serverTrips(server, tenant, page)).find((each) => each.id === trip!.id)?.cancelledAt,
        {
          timeout: 40_000,
          interval: 500,
        },
      )
      .toBeTruthy()
    await waitForText(page, 'waiting to be sent', false)
    expect(gate.passed.filter((request) => request.startsWith('POST /api/command/batch'))).toHaveLength(1)
  })

  it('keeps a message written while the server cannot be reached pending through a reload, and sends it once', async () => {
    const [trip] = futureOf(await serverTrips(server, tenant, page))
    const passengerId = trip!.passenger.id
    const reply = `Firefox ${Date.now()}`
    await go(page, url('/messages'))
    await page.waitForSelector('textarea')
    const before = gate.passed.filter((request) => request.startsWith('POST /api/command/batch')).length
    gate.close()
    if (await page.$('select')) await page.select('select', passengerId)
    await page.type('textarea', reply)
    await page.locator('button::-p-text(Send)').click()
    await waitForText(page, reply)
    await waitForText(page, 'Waiting to be sent')
    await page.reload()
    await waitForText(page, reply)
    await waitForText(page, 'Waiting to be sent')

    gate.open()
    await expect
      .poll(
        async () =>
          (await operatorThread(server, tenant, passengerId)).filter((message) => message.content === reply)
            .length,
        { timeout: 40_000, interval: 500 },
      )
      .toBe(1)
    await waitForText(page, 'Waiting to be sent', false)
    const sent = gate.passed.filter((request) => request.startsWith('POST /api/command/batch')).length
    expect(sent - before).toBe(1)
  })

  it('opens a shared tracking link with no login', async () => {
    const [trip] = futureOf(await serverTrips(server, tenant, page))
    const link = await operatorTrackingLink(server, tenant, trip!)
    const office = await browser.createBrowserContext()
    try {
      const tracking = await office.newPage()
      await tracking.goto(`${link}?lang=en`)
      await waitForText(tracking, 'Track a trip')
      // Tomorrow's trip: the page says when its tracking opens.
      await waitForText(tracking, 'Tracking opens an hour before the trip.')
      expect(new URL(tracking.url()).pathname).toMatch(/^\/track\//)
      // The office sees the trip, never what only the passenger's own portal offers.
      expect(await tracking.$$('button::-p-text(Cancel trip)')).toHaveLength(0)
    } finally {
      await office.close()
    }
  })
})
