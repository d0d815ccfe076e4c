import type { CDPSession, Page } from '@playwright/test'
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
  await page.addInitScript((subscription) => {
    let current: unknown = null
    const fake = {
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
      unsubscribe: () => {
        current = null
        return Promise.resolve(true)
      },
    }
    PushManager.prototype.getSubscription = () => Promise.resolve(current as PushSubscription | null)
    PushManager.prototype.subscribe = () => {
      current = fake
      return Promise.resolve(fake as unknown as PushSubscription)
    }
  }, device.subscription)
}

/** The service worker registration's id, which the DevTools protocol's push delivery names. */
async function registrationId(session: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    session.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((registration) => !registration.isDeleted)
      if (live) resolve(live.registrationId)
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
})
