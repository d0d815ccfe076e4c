import { outboxSyncTag } from '../../db/names'

interface SyncManager {
  register(tag: string): Promise<void>
}

/** Whether this browser can send queued commands with every tab closed (Safari and Firefox cannot). */
export const hasBackgroundSync = (): boolean => 'serviceWorker' in navigator && 'SyncManager' in window

/**
 * Asks the service worker to replay the outbox when the network returns, even if every tab is closed by then
 * (Background Sync, sw/outboxSync.ts). Browsers without it, or pages without a controlling service worker, rely
 * on the sync worker alone.
 */
export async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return
  try {
    const registration = await navigator.serviceWorker.ready
    const sync = (registration as ServiceWorkerRegistration & { sync?: SyncManager }).sync
    await sync?.register(outboxSyncTag)
  } catch {
    // Permission denied or not supported: the sync worker still replays while a tab is open.
  }
}
