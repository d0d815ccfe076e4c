import type { BrowserContext, Page } from '@playwright/test'
import { commandsIn, watchCommands } from './support/commands'
import type { RunningServer } from './support/server'
import { demoUsers, expect, test } from './support/fixtures'
import { installed, portalUrl, signIn } from './support/portal'
import {
  futureTrips,
  operatorEvent,
  reviewableTrip,
  serverTripFromNode,
  serverTrips,
  type ApiTrip,
} from './support/trips'

async function cancelOnDetail(page: Page, reason: string): Promise<void> {
  await page.getByRole('button', { name: 'Cancel trip' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel trip' })
  await dialog.getByLabel('Reason for cancellation').fill(reason)
  await dialog.getByRole('button', { name: 'Cancel trip' }).click()
  await expect(dialog).toBeHidden()
}

/** Signs in, opens a future trip on an installed portal, and cancels it while offline; returns the trip. */
async function cancelFutureTripOffline(
  page: Page,
  context: BrowserContext,
  server: RunningServer,
  tenant: string,
  lang: 'en' | 'fi' = 'en',
): Promise<ApiTrip> {
  await signIn(page, server, tenant, demoUsers.single)
  const [trip] = await futureTrips(page, 1)
  if (!trip) throw new Error('No future trip')
  await installed(page)
  await page.goto(portalUrl(server, tenant, `/trips/${trip.id}/${trip.date}?lang=${lang}`))
  const cancel = page.getByRole('button', { name: lang === 'fi' ? 'Peruuta matka' : 'Cancel trip' })
  await expect(cancel).toBeVisible()
  await context.setOffline(true)
  await cancel.click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox').fill('Ei tarvita')
  await dialog.getByRole('button', { name: lang === 'fi' ? 'Peruuta matka' : 'Cancel trip' }).click()
  await expect(dialog).toBeHidden()
  return trip
}

test('offline cancellations and a review stay pending through a reload and reach the server exactly once', async ({
  page,
  context,
  server,
}) => {
  const tenant = 'tatkela'
  await signIn(page, server, tenant, demoUsers.guardian)
  const [first, second] = await futureTrips(page, 2)
  const reviewable = await reviewableTrip(page, server, tenant)
  await installed(page)
  const sent: string[] = []
  // Context level: the sync worker's and the service worker's requests count too.
  await watchCommands(context, (commands) => sent.push(...commands.map((command) => command.call)))

  await context.setOffline(true)
  for (const trip of [first!, second!]) {
    await page.goto(portalUrl(server, tenant, `/trips/${trip.id}/${trip.date}`))
    await cancelOnDetail(page, 'Perhe matkoilla')
    await expect(page.getByText('Cancellation pending').first()).toBeVisible()
  }
  await page.goto(portalUrl(server, tenant, `/trips/${reviewable.id}/${reviewable.date}`))
  await page.getByRole('button', { name: 'Review the trip' }).click()
  const dialog = page.getByRole('dialog', { name: 'Review the trip' })
  await dialog
    .getByRole('radiogroup', { name: 'Driver' })
    .getByRole('radio', { name: '5 of 5 stars' })
    .click()
  await dialog
    .getByRole('radiogroup', { name: 'Trip experience' })
    .getByRole('radio', { name: '4 of 5 stars' })
    .click()
  await dialog.getByLabel('Comment').fill('Sujuva matka.')
  await dialog.getByRole('button', { name: 'Save' }).click()
  // On the page, not the announcer's copy of it (what a screen reader hears is announcements.spec.ts's).
  await expect(page.locator('#main').getByText('Review waiting to be sent')).toBeVisible()
  await expect(page.getByText('3 changes waiting to be sent')).toBeVisible()

  await page.reload()
  await expect(page.getByText('Network connection not available')).toBeVisible()
  await expect(page.locator('#main').getByText('Review waiting to be sent')).toBeVisible()
  await page.goto(portalUrl(server, tenant, `/trips?date=${first!.date}`))
  // Its own trips: another journey's trip of this guardian may lie on the same day, cancelled by its operator
  // (the e-mail journey's, three hours ahead, is tomorrow's after 21:00 in Helsinki).
  for (const trip of [first!, second!].filter((trip) => trip.date === first!.date)) {
    const item = page.locator(`main a[href$="/trips/${trip.id}/${trip.date}"]`)
    await expect(item.getByText('Cancellation pending')).toBeVisible()
    await expect(item.getByText('Cancelled', { exact: true })).toHaveCount(0)
  }
  expect(sent).toEqual([])

  await context.setOffline(false)
  await expect(page.getByText(/changes? waiting to be sent/)).toBeHidden({ timeout: 30_000 })
  await expect
    .poll(async () => {
      const trips = await serverTrips(page)
      const byId = (id: string) => trips.find((t) => t.id === id)!
      return [
        !!byId(first!.id).cancelledAt,
        !!byId(second!.id).cancelledAt,
        byId(reviewable.id).reviews.length,
      ]
    })
    .toEqual([true, true, 1])
  await page.goto(portalUrl(server, tenant, `/trips/${first!.id}/${first!.date}`))
  await expect(page.getByText('The trip has been cancelled')).toBeVisible()
  await page.goto(portalUrl(server, tenant, `/trips/${reviewable.id}/${reviewable.date}`))
  await expect(page.getByText('Sujuva matka.')).toBeVisible()
  // Each command went out once; a second delivery of a cancellation would have been refused and shown.
  expect(sent.filter((call) => call === 'cancelTrips')).toHaveLength(2)
  expect(sent.filter((call) => call === 'reviewTrip')).toHaveLength(1)
  await expect(page.getByText(/was not made|not saved/)).toHaveCount(0)
})

test('a first visit works offline once its precache is done, without a reload: a cancellation stays pending, lands once, and then shows as cancelled', async ({
  browser,
  context,
  page,
  server,
}) => {
  const tenant = 'fimlab'
  await signIn(page, server, tenant, demoUsers.single)
  const [trip] = await futureTrips(page, 1)
  // A first visit: a browser holding only the session's cookie, where no service worker has run yet.
  const visit = await browser.newContext({
    storageState: await context.storageState(),
    locale: 'en-US',
    timezoneId: 'Europe/Helsinki',
  })
  try {
    const cancels: string[] = []
    await watchCommands(visit, (commands) => {
      for (const command of commands) if (command.call === 'cancelTrips') cancels.push(command.key)
    })
    const first = await visit.newPage()
    await first.goto(portalUrl(server, tenant, `/trips/${trip!.id}/${trip!.date}?lang=en`))
    await expect(first.getByRole('button', { name: 'Cancel trip' })).toBeVisible()
    // Only the precache is waited for: the worker takes this very page, with no reload.
    await expect.poll(() => first.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)

    await visit.setOffline(true)
    await cancelOnDetail(first, 'Ei tarvita')
    await expect(first.getByText('Cancellation pending').first()).toBeVisible()
    await first.reload()
    await expect(first.getByText('Cancellation pending').first()).toBeVisible()
    expect(cancels).toEqual([])

    // A slow network: the pull that starts as it returns is answered before the cancellation lands, and that
    // answer reaches the device only once the cancellation has been acknowledged (by whichever replayer).
    const waiting = first.getByText(/changes? waiting to be sent/)
    let pullAnswered = () => {}
    const answered = new Promise<void>((resolve) => (pullAnswered = resolve))
    await visit.route(
      '**/api/command/batch',
      async (route) => {
        await answered
        await route.fallback()
      },
      { times: 1 },
    )
    await visit.route(
      '**/api/passenger/reads',
      async (route) => {
        // Fetched from Node, which does not resolve *.localhost: the tenant goes in its header.
        const request = route.request()
        const response = await route.fetch({
          url: request.url().replace(server.tenantOrigin(tenant), server.origin),
          headers: { ...(await request.allHeaders()), 'x-tenant': tenant },
        })
        pullAnswered()
        await expect(waiting).toBeHidden({ timeout: 30_000 })
        await route.fulfill({ response })
      },
      { times: 1 },
    )
    await visit.setOffline(false)
    await expect
      .poll(async () => (await serverTrips(first)).find((each) => each.id === trip!.id)?.cancelledAt ?? null)
      .not.toBeNull()
    await expect(waiting).toBeHidden()
    expect(cancels).toHaveLength(1)
    // The screen catches up by itself, not at the next periodic pull (60 s) or a reload.
    await expect(first.getByText('The trip has been cancelled')).toBeVisible()
    await expect(first.getByText('Cancellation pending')).toHaveCount(0)
  } finally {
    await visit.close()
  }
})

test('a cancellation queued offline for a trip picked up meanwhile ends rejected, in Finnish', async ({
  page,
  context,
  server,
}) => {
  const tenant = 'fixutaxi'
  const trip = await cancelFutureTripOffline(page, context, server, tenant, 'fi')
  await expect(page.getByText(/odottaa lähetystä/i).first()).toBeVisible()

  await operatorEvent(server, tenant, trip.id, {
    type: 'dispatched',
    car: { name: 'Taksi 7', registerNumber: 'ABC-123', phone: '+358401234567', driverName: 'Matti' },
  })
  await operatorEvent(server, tenant, trip.id, { type: 'pickedUp' })
  await context.setOffline(false)

  await expect(page.getByText('Matka oli jo alkanut.').first()).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('Kyydissä').first()).toBeVisible()
  expect((await serverTrips(page)).find((t) => t.id === trip.id)!.cancelledAt).toBeNull()
})

test('a logout with unsent changes asks first: staying keeps them, logging out anyway deletes them', async ({
  page,
  context,
  server,
}) => {
  const tenant = 'lahitaksi'
  const trip = await cancelFutureTripOffline(page, context, server, tenant)
  const askToLogOut = async () => {
    await page.getByRole('button', { name: 'Account' }).click()
    await page.getByRole('menuitem', { name: 'Log out' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Log out?' })
    await expect(confirm).toContainText('1 change has not been sent yet')
    return confirm
  }
  await (await askToLogOut()).getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(new RegExp(`/trips/${trip.id}/`))
  await expect(page.getByText('Cancellation pending').first()).toBeVisible()

  // Online again, but the server cannot take the command yet, so it is still waiting at the logout.
  const cancels: string[] = []
  await context.route('**/api/command/batch', async (route) => {
    cancels.push(...commandsIn(route.request()).map((command) => command.key))
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 503, code: 'internal_error', message: 'down' }),
    })
  })
  await context.setOffline(false)
  await expect.poll(() => cancels.length).toBeGreaterThan(0)
  await (await askToLogOut()).getByRole('button', { name: 'Log out anyway' }).click()
  await page.waitForURL(/\/logged-out/)
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))
  expect(databases.filter((name) => name?.startsWith(`portal:${tenant}:`))).toEqual([])
  await context.unroute('**/api/command/batch')

  // Signed in again on this device, nothing is sent: the command went with the database.
  await signIn(page, server, tenant, demoUsers.single)
  await page.goto(portalUrl(server, tenant, `/trips/${trip.id}/${trip.date}`))
  await expect(page.getByRole('button', { name: 'Cancel trip' })).toBeVisible()
  await expect(page.getByText('Cancellation pending')).toHaveCount(0)
  expect((await serverTrips(page)).find((t) => t.id === trip.id)!.cancelledAt).toBeNull()
})

test('a pickup reported by the operator raises a notice that opens the trip', async ({ page, server }) => {
  const tenant = 'meneva'
  await signIn(page, server, tenant, demoUsers.single)
  const [trip] = await futureTrips(page, 1)
  if (!trip) throw new Error('No future trip')
  await page.goto(portalUrl(server, tenant, '/passengers'))
  // The device has the trip as booked before the operator reports the pickup.
  await expect(page.getByText(/Last synced at/)).toBeVisible()
  await operatorEvent(server, tenant, trip.id, { type: 'pickedUp' })
  // Whichever pull brings the pickup raises the notice on this page (a reload could lose one a periodic pull
  // raised just before it); the 'online' event starts a pull now.
  await page.context().setOffline(true)
  await page.context().setOffline(false)
  const notice = page.getByRole('status').filter({ hasText: 'Passenger picked up' })
  await expect(notice).toBeVisible({ timeout: 30_000 })
  await notice.getByRole('button', { name: 'Open trip' }).click()
  await expect(page).toHaveURL(new RegExp(`/trips/${trip.id}/${trip.date}`))
  await expect(page.getByText('Aboard').first()).toBeVisible()
})

test('with no portal tab open, the service worker delivers a queued cancellation by background sync', async ({
  page,
  context,
  server,
}) => {
  // Tests of one worker share a server: each journey that changes data keeps to its own tenant.
  const tenant = 'black'
  const trip = await cancelFutureTripOffline(page, context, server, tenant)
  await expect(page.getByText('Cancellation pending').first()).toBeVisible()
  // The page registered the tag itself when it queued: a sync fired below for an unregistered tag would
  // reach no replay at all.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
          sync: { getTags(): Promise<string[]> }
        }
        return registration.sync.getTags()
      }),
    )
    .toContain('outbox')
  const fromServiceWorker: string[] = []
  await watchCommands(context, (commands, request) => {
    if (!request.serviceWorker()) return
    for (const command of commands) if (command.call === 'cancelTrips') fromServiceWorker.push(command.key)
  })
  await page.close()
  await context.setOffline(false)

  // Chromium fires the sync itself when connectivity returns; DevTools fires it too, in case the browser
  // defers it (the Web Lock and the server's idempotency make a second run harmless).
  const blank = await context.newPage()
  const cdp = await context.newCDPSession(blank)
  const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => resolve(event.registrations)),
  )
  await cdp.send('ServiceWorker.enable')
  const origin = server.tenantOrigin(tenant)
  const registration = (await registrations).find((candidate) => candidate.scopeURL.startsWith(origin))!
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId: registration.registrationId,
    tag: 'outbox',
    lastChance: false,
  })

  await expect
    .poll(async () => (await serverTripFromNode(server, tenant, context, trip))?.cancelledAt, {
      timeout: 30_000,
    })
    .toBeTruthy()
  // The service worker sent it, once (the tab that queued it was closed before the network returned).
  expect(fromServiceWorker).toHaveLength(1)
})
