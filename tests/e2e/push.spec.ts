import type { BrowserContext, CDPSession, Page } from '@playwright/test'
import type { StandInDevice } from '../server/support/pushServiceStandIn'
import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { portalUrl, signIn } from './support/portal'
import { operatorEvent, serverTrips, tripUnderWay } from './support/trips'

/** Its own tenant's guardian: the journey adds a device and a trip, which no other journey there counts. */
const tenant = 'lapha'

interface DeclarativePush {
  web_push: number
  notification: { title: string; body: string; navigate: string; lang: string; tag?: string }
}

/**
 * Headless Chromium reaches no push service here, so the page's PushManager hands out a subscription of the
 * stand-in's device instead (its endpoint and public keys; the stand-in keeps the private half to decrypt).
 * Everything after it is real: the screen posts it, the server encrypts to it and sends.
 */
async function useStandInSubscription(page: Page, device: StandInDevice): Promise<void> {
  await page.addInitScript(
    ({ subscription, key }) => {
      // Kept across page loads in this tab, as a browser keeps its subscription.
      const fake = {
        endpoint: subscription.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
        unsubscribe: () => {
          sessionStorage.removeItem(key)
          return Promise.resolve(true)
        },
      }
      PushManager.prototype.getSubscription = () =>
        Promise.resolve(sessionStorage.getItem(key) ? (fake as unknown as PushSubscription) : null)
      PushManager.prototype.subscribe = () => {
        sessionStorage.setItem(key, 'subscribed')
        return Promise.resolve(fake as unknown as PushSubscription)
      }
    },
    { subscription: device.subscription, key: standInKey },
  )
}

/** Where the page's stand-in PushManager keeps whether this browser is subscribed. */
const standInKey = 'push-stand-in'

/**
 * Clicks the notification the worker shows. No headless browser clicks one, so the worker's own
 * `notificationclick` listener gets the event the browser would dispatch (and its `waitUntil`, which an event
 * made by a script may not call); the browser's allowance to focus a window, which only a real click grants, is
 * missing, and the portal moves its window all the same.
 */
async function clickNotification(context: BrowserContext): Promise<void> {
  const worker = context.serviceWorkers().find((candidate) => new URL(candidate.url()).pathname === '/sw.js')
  if (!worker) throw new Error('The portal’s service worker is not running')
  await worker.evaluate(async () => {
    interface ClickScope {
      registration: ServiceWorkerRegistration
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event
      dispatchEvent(event: Event): boolean
    }
    const scope = globalThis as unknown as ClickScope
    const [notification] = await scope.registration.getNotifications()
    if (!notification) throw new Error('No notification is shown')
    const event = new scope.NotificationEvent('notificationclick', { notification })
    let handled: Promise<unknown> = Promise.resolve()
    Object.defineProperty(event, 'waitUntil', { value: (promise: Promise<unknown>) => (handled = promise) })
    scope.dispatchEvent(event)
    await handled
  })
}

/**
 * The id of the service worker registration that controls this page, which the DevTools protocol's push delivery
 * names. The protocol lists the registrations of every context of the browser, and an earlier journey's on the
 * same origin may still be there: the one whose worker controls this page's target is the page's.
 */
async function registrationId(session: CDPSession): Promise<string> {
  const { targetInfo } = await session.send('Target.getTargetInfo')
  const found = new Promise<string>((resolve) => {
    session.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const ours = versions.find((version) => version.controlledClients?.includes(targetInfo.targetId))
      if (ours) resolve(ours.registrationId)
    })
  })
  await session.send('ServiceWorker.enable')
  return found
}

test('push: a guardian turns notifications on, the pickup reaches the device once in Finnish, and the service worker shows it (fi)', async ({
  page,
  context,
  server,
  pushService,
}) => {
  const t = await catalog('fi')
  const device = pushService.device()
  await context.grantPermissions(['notifications'])
  await useStandInSubscription(page, device)
  await signIn(page, server, tenant, demoUsers.guardian)
  await page.goto(portalUrl(server, tenant, '/notifications?lang=fi'))
  await page.getByRole('button', { name: t('notifications.device.turn_on') }).click()
  await expect(page.getByRole('button', { name: t('notifications.device.turn_off') })).toBeVisible()

  const passenger = (await serverTrips(page))[0]!.passenger
  const trip = await tripUnderWay(server, tenant, passenger.id)
  await operatorEvent(server, tenant, trip.id, { type: 'pickedUp' })
  const firstName = passenger.name.split(' ')[0]!
  const title = `${firstName}: kyydissä`
  // Only the pickup's: a car-near alert may come before it, by whether the trip starts within 10 minutes yet.
  const pickups = () =>
    (pushService.delivered(device) as DeclarativePush[]).filter((push) => push.notification.title === title)
  await expect.poll(() => pickups().length).toBe(1)
  const pickup = pickups()[0]!
  expect(pickup).toMatchObject({
    web_push: 8030,
    notification: { body: expect.stringMatching(/^Noudettu klo \d/), lang: 'fi' },
  })
  expect(pickup.notification.navigate).toBe(portalUrl(server, tenant, `/trips/${trip.id}/${trip.date}`))
  // The payload names no address and no car: only the first name, the event and its time.
  expect(JSON.stringify(pickup)).not.toMatch(/Koulukatu|Invataksi|IVA-505|\+358/)

  // The service worker's side: the same payload pushed to it is shown with its text. Pushed to a worker not
  // yet active it would be lost, as no push reaches a portal before its worker runs.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  const session = await context.newCDPSession(page)
  const id = await registrationId(session)
  await session.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: id,
    data: JSON.stringify(pickup),
  })
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
          title: shown.title,
          body: shown.body,
          navigate: (shown.data as { navigate?: string } | null)?.navigate,
        })),
      ),
    )
    .toContainEqual({
      title: pickup.notification.title,
      body: pickup.notification.body,
      navigate: pickup.notification.navigate,
    })
  // Sent once: nothing more came while the worker showed it.
  expect(pickups()).toHaveLength(1)

  // A click on it brings the portal's window to the trip's page.
  await clickNotification(context)
  await expect(page).toHaveURL(pickup.notification.navigate)
  await expect(page.getByRole('heading', { level: 1, name: t('screen.trip_detail') })).toBeVisible()

  // Logging out ends this browser's subscription: nothing of this guardian's reaches the device after them.
  const subscribed = () => page.evaluate((key) => sessionStorage.getItem(key), standInKey)
  expect(await subscribed()).toBe('subscribed')
  await page.getByRole('button', { name: t('shell.account_menu') }).click()
  await page.getByRole('menuitem', { name: t('menu.logout') }).click()
  await expect(page).toHaveURL(/\/logged-out/)
  expect(await subscribed()).toBeNull()
})
