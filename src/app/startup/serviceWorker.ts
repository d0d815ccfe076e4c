import { t } from '@lingui/core/macro'
import type { Notice } from '../../../machines/notices/notices.machine'

/** The message the page sends a waiting service worker when the user accepts the update (sw/sw.ts). */
export const skipWaitingMessage = { type: 'SKIP_WAITING' } as const

/**
 * Registers the service worker (production builds only). A new version never takes over by itself: when one
 * is waiting, the user is told and chooses to reload, which asks it to take over and then reloads the page.
 */
export async function registerServiceWorker(notify: (notice: Notice) => void): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/', type: 'classic' })
  let reloadRequested = false
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloadRequested) window.location.reload()
  })
  const offerUpdate = (waiting: ServiceWorker) => {
    notify({
      message: t({ id: 'app.update_available', message: 'A new version is available' }),
      severity: 'info',
      action: {
        label: t({ id: 'app.update_reload', message: 'Reload' }),
        to: window.location.pathname,
        onSelect: () => {
          reloadRequested = true
          waiting.postMessage(skipWaitingMessage)
        },
      },
    })
  }
  // Only an update waits behind a controlling worker; the first install simply activates.
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(installing)
    })
  })
}
