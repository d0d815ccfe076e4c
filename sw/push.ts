import { tenantIds } from '../tenants/types'

/**
 * Push notifications in the service worker. The server sends a Declarative Web Push payload
 * (`{"web_push": 8030, "notification": {...}}`, already in the user's language), which Safari shows by itself and
 * other browsers hand to the `push` event. The rules are pure here; `sw/sw.ts` wires them to the events.
 */

export const pushLocales = ['fi', 'sv', 'en'] as const

/** What `showNotification` gets: the title and its options. */
export interface NotificationToShow {
  title: string
  options: NotificationOptions & { data: { navigate: string } }
}

/** The portal's name and icon, from the tenant's manifest when the worker has it. */
export interface PortalIdentity {
  name: string
  icon?: string
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== ''

function parseJson(text: string | null): unknown {
  if (text === null) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

/**
 * Only this origin's pages are opened from a notification: a payload naming another site (a bad or forged one)
 * opens the portal's root instead. `scope` is the registration's scope, the portal's root with its tenant prefix.
 */
export function safeTarget(navigate: unknown, scope: string): string {
  if (typeof navigate !== 'string') return scope
  try {
    const target = new URL(navigate, scope)
    return target.origin === new URL(scope).origin ? target.href : scope
  } catch {
    return scope
  }
}

/**
 * The notification for a push's text. A payload that is not the declarative kind still shows one, the portal's
 * name alone, opening the portal: a push with `userVisibleOnly` must show something, or the browser shows its own
 * "updated in the background" notice and may end the subscription. The worker has no catalog, so that one has
 * no translated text.
 */
export function notificationOf(
  text: string | null,
  scope: string,
  portal: PortalIdentity,
): NotificationToShow {
  const payload = parseJson(text)
  const notification = isRecord(payload) ? payload.notification : null
  const icon = portal.icon ? { icon: portal.icon } : {}
  if (
    !isRecord(payload) ||
    payload.web_push !== 8030 ||
    !isRecord(notification) ||
    !nonEmpty(notification.title)
  ) {
    return { title: portal.name, options: { ...icon, data: { navigate: scope } } }
  }
  const { title, body, lang, tag, timestamp, navigate } = notification
  return {
    title,
    options: {
      ...icon,
      body: typeof body === 'string' ? body : '',
      ...((pushLocales as readonly unknown[]).includes(lang) ? { lang: lang as string } : {}),
      ...(nonEmpty(tag) ? { tag } : {}),
      ...(typeof timestamp === 'number' && Number.isFinite(timestamp) ? { timestamp } : {}),
      data: { navigate: safeTarget(navigate, scope) },
    } as NotificationToShow['options'],
  }
}

/** Where a push's notification leads (checked by `safeTarget`): the portal's root for a bad payload. */
export function pushTarget(text: string | null, scope: string): string {
  const payload = parseJson(text)
  const notification = isRecord(payload) ? payload.notification : null
  return safeTarget(isRecord(notification) ? notification.navigate : null, scope)
}

/** The notification's target, as stored in its data by `notificationOf`, checked again (data is ours, but old). */
export function clickTarget(data: unknown, scope: string): string {
  return safeTarget(isRecord(data) ? data.navigate : null, scope)
}

/**
 * The tenant manifest that names the portal a page belongs to: `/{tenant}/manifest.webmanifest` under a tenant
 * path prefix (dev and staging hosts, one registration for every tenant), else the host's own.
 */
export function manifestUrlFor(page: string): string {
  const url = new URL(page)
  const first = url.pathname.split('/')[1] ?? ''
  const prefix = (tenantIds as readonly string[]).includes(first) ? `/${first}` : ''
  return `${url.origin}${prefix}/manifest.webmanifest`
}

/** The name and first icon of a manifest, or the host's name when it is missing or unreadable. */
export function identityOf(manifest: unknown, scope: string): PortalIdentity {
  const fallback = new URL(scope).hostname
  if (!isRecord(manifest)) return { name: fallback }
  const name = nonEmpty(manifest.name)
    ? manifest.name
    : nonEmpty(manifest.short_name)
      ? manifest.short_name
      : fallback
  const first: unknown = Array.isArray(manifest.icons) ? manifest.icons[0] : null
  const icon = isRecord(first) && nonEmpty(first.src) ? new URL(first.src, scope).href : undefined
  return icon ? { name, icon } : { name }
}

/** A window of the portal as `clients.matchAll` gives it: enough to choose one. */
export interface PortalWindow {
  url: string
  focused: boolean
}

/**
 * Which open window a click brings forward: one already on the target, else a focused one, else the first of
 * this origin's; `navigate` says whether it must move to the target. Null: open a new window.
 */
export function chooseWindow<W extends PortalWindow>(
  windows: readonly W[],
  target: string,
): { window: W; navigate: boolean } | null {
  const origin = new URL(target).origin
  const ours = windows.filter((candidate) => new URL(candidate.url).origin === origin)
  const onTarget = ours.find((candidate) => candidate.url === target)
  if (onTarget) return { window: onTarget, navigate: false }
  const chosen = ours.find((candidate) => candidate.focused) ?? ours[0]
  return chosen ? { window: chosen, navigate: true } : null
}
