/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { outboxSyncTag } from '../src/db/names'
import { syncOutboxes } from './outboxSync'
import { serviceWorkerSyncDeps } from './outboxSyncDeps'
import { openFromNotification, showPush, type PushWorker } from './pushEvents'
import { startSnapshotCache } from '../src/domain/startSnapshot/snapshot'
import { isMapAssetRequest, isSignInPage, isTenantAsset, mapAssetCache, serverPagePattern } from './routes'
import { withStartSnapshot } from './startSnapshot'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[]
}

// The app shell: index.html, scripts, styles, locale chunks and images, listed by workbox-build at build time
// (the map's code is not: see below).
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// A sign-in or sign-out page throws the start snapshot away before anything else: whoever signs in next never
// sees the previous user's trips painted (the page also deletes it at logout, sw/startSnapshot.ts).
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url)
  if (event.request.mode === 'navigate' && isSignInPage(url.pathname + url.search))
    event.waitUntil(caches.delete(startSnapshotCache))
})

// Every navigation of the single-page app opens the cached shell, so an installed portal starts offline; the
// trips screen's with the last rendered trips painted in it while they are valid (sw/startSnapshot.ts).
const shell = createHandlerBoundToURL('/index.html')
registerRoute(
  new NavigationRoute(
    async (options) => withStartSnapshot(await shell(options), options.url, caches, Date.now()),
    { denylist: [serverPagePattern] },
  ),
)

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isTenantAsset(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'tenant-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 64 })],
  }),
)

// The map's hashed code, cached the first time a map loads rather than on every install (sw/routes.ts).
registerRoute(
  isMapAssetRequest,
  new CacheFirst({
    cacheName: mapAssetCache.name,
    plugins: [new ExpirationPlugin({ maxEntries: mapAssetCache.maxEntries, purgeOnQuotaError: true })],
  }),
)

// The first install (no earlier version active) takes the pages it was installed from once its precache is
// done, so a first visit works offline without a reload: its lazy parts come from the precache. An update never
// does: it waits until the user chooses to reload (src/app/startup/serviceWorker.ts), as no skipWaiting on install says.
// Should the browser stop the worker between its install and activation, the page is taken at its next load.
let firstInstall = false
self.addEventListener('install', () => {
  firstInstall = self.registration.active === null
})
self.addEventListener('activate', (event) => {
  if (firstInstall) event.waitUntil(self.clients.claim())
})
self.addEventListener('message', (event) => {
  const data: unknown = event.data
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting()
  }
})

interface SyncEvent extends ExtendableEvent {
  readonly tag: string
}

// Background Sync: replay queued commands when the network returns, even with no tab open (sw/outboxSync.ts).
self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent
  if (sync.tag !== outboxSyncTag) return
  sync.waitUntil(
    syncOutboxes(serviceWorkerSyncDeps(self.location.origin)).then(({ retry }) => {
      // A rejected promise asks the browser to fire the sync again later, with its own backoff.
      if (retry) throw new Error('Commands are still waiting')
    }),
  )
})

// Push: the server's Declarative Web Push payload, shown here by browsers that do not show it
// themselves (sw/push.ts, sw/pushEvents.ts). A click opens the portal at the notification's target.
const pushWorker: PushWorker = {
  scope: self.registration.scope,
  showNotification: (title, options) => self.registration.showNotification(title, options),
  async readManifest(url) {
    const response = (await caches.match(url)) ?? (await fetch(url))
    return response.ok ? ((await response.json()) as unknown) : null
  },
  windows: () => self.clients.matchAll({ type: 'window', includeUncontrolled: true }),
  openWindow: (url) => self.clients.openWindow(url),
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(pushWorker, event.data ? event.data.text() : null))
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  event.waitUntil(openFromNotification(pushWorker, event.notification.data))
})
