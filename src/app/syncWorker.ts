/**
 * The sync worker's thread. Its code (the worker's entry, then its service with Dexie, zod and ky) is two
 * fetches one after the other, which a new user's first paint waits for: `warmSyncWorker` starts the thread as
 * soon as the user is known, while the session's own code still loads, and the session takes it over.
 */
let warm: Worker | 'taken' | null = null

const spawn = () =>
  new Worker(new URL('../../workers/sync.worker.ts', import.meta.url), { type: 'module', name: 'sync' })

/** Starts a worker for the page's first session, unless it has one already (waiting, or taken). */
export function warmSyncWorker(): void {
  warm ??= spawn()
}

/** The warm worker if one waits (the first session's), else a new one. */
export function takeSyncWorker(): Worker {
  const worker = warm instanceof Worker ? warm : spawn()
  warm = 'taken'
  return worker
}
