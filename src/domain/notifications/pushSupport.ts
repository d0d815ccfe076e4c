/**
 * Whether this browser can take push notifications, from what it exposes. Pure: the page reads the
 * facts (src/app/browser/pushDevice.ts).
 */
export interface BrowserPushFacts {
  secureContext: boolean
  serviceWorker: boolean
  pushManager: boolean
  notification: boolean
  /** An iPhone or iPad (iPadOS says it is a Mac, with touch). */
  ios: boolean
  /** Opened from the Home Screen icon (`navigator.standalone`, or display-mode standalone). */
  standalone: boolean
}

/**
 * `homeScreen`: iOS delivers push only to a portal added to the Home Screen and opened from its icon, and Safari
 * shows no PushManager before that.
 */
export type PushSupport = 'supported' | 'homeScreen' | 'unsupported'

export function pushSupportOf(facts: BrowserPushFacts): PushSupport {
  if (facts.secureContext && facts.serviceWorker && facts.pushManager && facts.notification)
    return 'supported'
  return facts.ios && !facts.standalone ? 'homeScreen' : 'unsupported'
}

/** A VAPID key as `PushManager.subscribe` takes it: base64url text to bytes. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=')
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
}
