import { tenantIds } from '../tenants/types'

/**
 * Which requests the service worker leaves to the server. Pure, so the rules are tested without a worker.
 * Server pages are answered by the API host (login, logout, the identity provider, invitations, e-mail, the demo's
 * mailbox), with or without a tenant path prefix; every other navigation is the single-page app's.
 */
export const serverPages = [
  'api',
  'login',
  'logout',
  'idp',
  'acceptinvite',
  'logoutandacceptinvite',
  // The e-mail's pages (confirmation, unsubscribe), opened from a mail.
  'email',
  // The demo's kept mails (server/email/demoMailboxPage.ts), opened on a local host where the portal is installed.
  'demo-mailbox',
] as const

const prefix = `(?:/(?:${tenantIds.join('|')}))?`

/** Matched against path plus query, as workbox's NavigationRoute does. */
export const serverPagePattern = new RegExp(`^${prefix}/(?:${serverPages.join('|')})(?:[/?]|$)`)

export function isServerPage(pathAndQuery: string): boolean {
  return serverPagePattern.test(pathAndQuery)
}

/** The pages that sign a user in or out: entering one throws the start snapshot away (sw/startSnapshot.ts). */
const signInPagePattern = new RegExp(
  `^${prefix}/(?:login|logout|idp|acceptinvite|logoutandacceptinvite)(?:[/?]|$)`,
)

export function isSignInPage(pathAndQuery: string): boolean {
  return signInPagePattern.test(pathAndQuery)
}

/** The trips screen, where the installed portal starts (the manifest's `start_url`), the snapshot's one page. */
const tripsPagePattern = new RegExp(`^${prefix}/trips/?$`)

export function isTripsPage(pathname: string): boolean {
  return tripsPagePattern.test(pathname)
}

/** The tenant's manifest and icons: served by the API host, fresh enough from cache while it revalidates. */
export const tenantAssetPattern = new RegExp(`^${prefix}/(?:manifest\\.webmanifest$|tenant-icon/)`)

export function isTenantAsset(pathname: string): boolean {
  return tenantAssetPattern.test(pathname)
}

/**
 * The map's code: the TripMap chunk (MapLibre, the embedded basemap) with its styles, and MapLibre's worker.
 * Hashed, so a cached copy is never stale. Kept out of the precache (most users never open a map, and it is
 * most of the install's bytes) and cached when first loaded instead, so a map seen once also opens offline.
 */
export const mapAssetPattern = /^\/assets\/(?:TripMap|maplibre-gl-worker)-[\w-]+\.(?:js|css)$/

export function isMapAsset(pathname: string): boolean {
  return mapAssetPattern.test(pathname)
}

/** The map assets' runtime route: this origin's only (workbox's match callback). */
export function isMapAssetRequest({ url, sameOrigin }: { url: URL; sameOrigin: boolean }): boolean {
  return sameOrigin && isMapAsset(url.pathname)
}

/** The runtime cache of the map's assets: a few versions' three files, the least recently used dropped. */
export const mapAssetCache = { name: 'map-assets', maxEntries: 9 } as const
