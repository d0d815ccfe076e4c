import type { PushSubscriptionView, SubscribeRequest } from '../../contract/notifications'
import type { PushDevice } from '../../db/rows'
import type { Platform } from '../platform'
import { browserSubscription, madeFor, subscribeBrowser } from '../browser/pushDevice'
import { sessionClient, type ApiCaller, type SessionCalls } from './sessionClient'

/**
 * Posting this device's push subscription to the server, with no XState: the signed-in shell uses it
 * after a change of language, and should not carry the screen's machines.
 */

export type PushCalls = SessionCalls & Pick<Platform, 'locale'>

/** This user's database on this device, where the device's subscription id is remembered. */
export async function userDatabase(platform: PushCalls) {
  const session = await platform.sessions.ready()
  if (!session) throw new Error('No user session')
  return session.db
}

/** Posts the browser's subscription in the portal's language, and remembers what the server answered. */
export async function postSubscription(
  client: ApiCaller,
  platform: PushCalls,
  subscription: PushSubscription,
): Promise<PushSubscriptionView> {
  const { endpoint, keys } = subscription.toJSON()
  // The server checks the shape (an endpoint and both keys); a browser's toJSON always has them.
  const body = { endpoint, keys, locale: platform.locale } as SubscribeRequest
  const view = await client.call('subscribePush', { body })
  const device: PushDevice = { id: view.id, endpoint: body.endpoint, locale: platform.locale }
  await (await userDatabase(platform)).savePushDevice(device)
  return view
}

/**
 * Keeps this device's subscription, when it is on, as the server needs it: made anew when the server's key
 * changed since (the old one is removed there, as its sends would be refused), and posted again after a change
 * of language (which reloads the page), so its notifications come in it. Does nothing when this device is not on.
 */
export async function refreshDevice(platform: PushCalls): Promise<void> {
  const stored = await (await userDatabase(platform)).pushDevice()
  if (!stored) return
  const subscription = await browserSubscription()
  if (!subscription || subscription.endpoint !== stored.endpoint) return
  const client = await sessionClient(platform)
  const { publicKey } = await client.call('getVapidKey')
  if (!madeFor(subscription, publicKey)) {
    const renewed = await postSubscription(client, platform, await subscribeBrowser(publicKey))
    // A push service that gave the same endpoint again has the same row on the server: nothing old to remove.
    if (renewed.id !== stored.id) await client.call('unsubscribePush', { params: { id: stored.id } })
    return
  }
  if (stored.locale !== platform.locale) await postSubscription(client, platform, subscription)
}
