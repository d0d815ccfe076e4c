import { fromPromise } from 'xstate'
import { notificationSettingsMachine } from '../../../machines/notificationSettings/notificationSettings.machine'
import {
  TooManyTests,
  pushDevicesMachine,
  type TurnOnResult,
} from '../../../machines/pushDevices/pushDevices.machine'
import { ApiRequestError } from '../../api/errors'
import type { NotificationSettings } from '../../contract/notifications'
import { browserSubscription, subscribeBrowser, unsubscribeBrowser } from '../browser/pushDevice'
import { postSubscription, userDatabase, type PushCalls } from '../session/pushSubscription'
import { sessionClient, type SessionCalls } from '../session/sessionClient'

/** The notification settings machine's calls, straight to the API (through the sync worker). */
export function notificationSettingsEffects(
  platform: SessionCalls,
): Parameters<typeof notificationSettingsMachine.provide>[0] {
  const client = () => sessionClient(platform)
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
export function pushDevicesEffects(platform: PushCalls): Parameters<typeof pushDevicesMachine.provide>[0] {
  const client = () => sessionClient(platform)
  return {
    actors: {
      loadDevices: fromPromise(async () => {
        const [devices, stored, subscription] = await Promise.all([
          (await client()).call('listPushSubscriptions'),
          (await userDatabase(platform)).pushDevice(),
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
        await (await userDatabase(platform)).savePushDevice(null)
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

/** The notification settings machine with its calls provided, for the screen's `useMachine`. */
export function notificationSettingsWithEffects(platform: SessionCalls) {
  return notificationSettingsMachine.provide(notificationSettingsEffects(platform))
}

/** The devices machine with its calls provided, for the screen's `useMachine`. */
export function pushDevicesWithEffects(platform: PushCalls) {
  return pushDevicesMachine.provide(pushDevicesEffects(platform))
}
