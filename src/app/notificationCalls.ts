import { fromPromise } from 'xstate'
import type { notificationSettingsMachine } from '../../machines/notificationSettings.machine'
import { TooManyTests, type pushDevicesMachine, type TurnOnResult } from '../../machines/pushDevices.machine'
import type { ApiClient } from '../api/client'
import { ApiRequestError } from '../api/errors'
import type { NotificationSettings, PushSubscriptionView, SubscribeRequest } from '../contract/notifications'
import type { PushDevice } from '../db/rows'
import { reachClient } from './actions'
import { authSettled } from './authSettled'
import type { Platform } from './platform'
import { browserSubscription, subscribeBrowser, unsubscribeBrowser } from './pushDevice'

type Calls = Pick<Platform, 'api' | 'auth' | 'sessions' | 'locale'>

const clientOf = (platform: Calls) => () => authSettled(platform.auth).then(() => reachClient(platform.api))

/** This user's database on this device, where the device's subscription id is remembered. */
async function database(platform: Calls) {
  const session = await platform.sessions.ready()
  if (!session) throw new Error('No user session')
  return session.db
}

/** Posts the browser's subscription in the portal's language, and remembers what the server answered. */
export async function postSubscription(
  client: ApiClient,
  platform: Calls,
  subscription: PushSubscription,
): Promise<PushSubscriptionView> {
  const { endpoint, keys } = subscription.toJSON()
  const body = { endpoint, keys, locale: platform.locale } as SubscribeRequest
  const view = await client.call('subscribePush', { body })
  const device: PushDevice = { id: view.id, endpoint: body.endpoint, locale: platform.locale }
  await (await database(platform)).savePushDevice(device)
  return view
}

/** The notification settings machine's calls, straight to the API. */
export function notificationSettingsEffects(
  platform: Calls,
): Parameters<typeof notificationSettingsMachine.provide>[0] {
  const client = clientOf(platform)
  return {
    actors: {
      loadSettings: fromPromise(async () => (await client()).call('getNotificationSettings')),
      saveSettings: fromPromise(async ({ input }: { input: NotificationSettings }) =>
        (await client()).call('saveNotificationSettings', { body: input }),
      ),
    },
  }
}

/** The devices machine's calls: the API, the browser's subscription and the remembered device. */
export function pushDevicesEffects(platform: Calls): Parameters<typeof pushDevicesMachine.provide>[0] {
  const client = clientOf(platform)
  return {
    actors: {
      loadDevices: fromPromise(async () => {
        const [devices, stored, subscription] = await Promise.all([
          (await client()).call('listPushSubscriptions'),
          (await database(platform)).pushDevice(),
          browserSubscription().catch(() => null),
        ])
        // This device is on only while the server lists it and the browser still has the same subscription
        // (the user may have cleared the site's data or revoked the permission since).
        const on =
          stored !== null &&
          subscription?.endpoint === stored.endpoint &&
          devices.some((device) => device.id === stored.id)
        return { devices, thisDevice: on ? stored.id : null }
      }),
      turnOn: fromPromise(async (): Promise<TurnOnResult> => {
        // Asked here, after the user's tap: browsers refuse (or bury) a permission prompt the user did not ask for.
        const permission = await Notification.requestPermission()
        if (permission !== 'granted') return { permission }
        const api = await client()
        const { publicKey } = await api.call('getVapidKey')
        const posted = await postSubscription(api, platform, await subscribeBrowser(publicKey))
        return { permission, device: posted }
      }),
      removeDevice: fromPromise(async ({ input }: { input: { id: string; thisDevice: boolean } }) => {
        await (await client()).call('unsubscribePush', { params: { id: input.id } })
        if (!input.thisDevice) return
        await (await database(platform)).savePushDevice(null)
        await unsubscribeBrowser()
      }),
      sendTest: fromPromise(async ({ input }: { input: string }) => {
        try {
          await (await client()).call('sendTestNotification', { body: { subscriptionId: input } })
        } catch (error) {
          throw error instanceof ApiRequestError && error.status === 429 ? new TooManyTests() : error
        }
      }),
    },
  }
}

/**
 * After a change of language (which reloads the page), posts this device's subscription again in the new
 * language, so its notifications come in it. Does nothing when this device is not on, or already in it.
 */
export async function repostInLocale(platform: Calls): Promise<void> {
  const db = await database(platform)
  const stored = await db.pushDevice()
  if (!stored || stored.locale === platform.locale) return
  const subscription = await browserSubscription()
  if (!subscription || subscription.endpoint !== stored.endpoint) return
  await postSubscription(await clientOf(platform)(), platform, subscription)
}
