import { base64UrlBytes, pushSupportOf, type PushSupport } from '../../domain/notifications/pushSupport'

/**
 * This browser's side of push notifications: what it supports, its permission, and its subscription
 * through the service worker's registration. The server's side is in src/app/effects/notificationCalls.ts.
 */

/** Read once per screen: none of it changes while the page is open, but for the permission (see below). */
export function browserPushSupport(): PushSupport {
  const nav = navigator as Navigator & { standalone?: boolean }
  const touchMac = nav.platform === 'MacIntel' && nav.maxTouchPoints > 1
  return pushSupportOf({
    secureContext: window.isSecureContext,
    serviceWorker: 'serviceWorker' in nav,
    pushManager: 'PushManager' in window,
    notification: 'Notification' in window,
    ios: /iPad|iPhone|iPod/.test(nav.userAgent) || touchMac,
    standalone: nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true,
  })
}

/** The permission now: the user may have changed it in the browser's settings since the screen opened. */
export function notificationPermission(): NotificationPermission {
  return 'Notification' in window ? Notification.permission : 'default'
}

/** The portal's service worker registration; none in development, or before the first one installed. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration()
  if (!found) throw new Error('No service worker registration')
  return found
}

/** The browser's current push subscription, if any. */
export async function browserSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null
  const found = await navigator.serviceWorker.getRegistration()
  return found ? found.pushManager.getSubscription() : null
}

/**
 * Whether the browser's subscription was made for the server's key `publicKey`; one that does not say is taken
 * as made for it. After the operator changes the VAPID keys the push service refuses sends to the old ones.
 */
export function madeFor(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey
  if (!key) return true
  const ours = base64UrlBytes(publicKey)
  const theirs = new Uint8Array(key)
  return theirs.length === ours.length && theirs.every((byte, index) => byte === ours[index])
}

/** The browser's subscription for the server's key: the one it has, else (or if made for another key) a new one. */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscription> {
  const { pushManager } = await registration()
  const existing = await pushManager.getSubscription()
  if (existing && madeFor(existing, publicKey)) return existing
  await existing?.unsubscribe()
  return pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(publicKey) })
}

/** Ends the browser's subscription, so nothing reaches this device even if the server kept it. */
export async function unsubscribeBrowser(): Promise<void> {
  const subscription = await browserSubscription()
  if (subscription) await subscription.unsubscribe()
}
