/**
 * The Web Lock `outbox:{db}` that keeps two replayers off one database. A tab's sync worker waits for it, since
 * it will have the queue to itself next; the service worker's background sync skips a database whose lock is
 * held, since the tab that holds it is replaying already.
 */

export function waitForOutboxLock<T>(lockName: string): (run: () => Promise<T>) => Promise<T> {
  return async (run) => await navigator.locks.request(lockName, run)
}

/** Runs `run` holding the lock if it is free; null, without running, when another replayer holds it. */
export async function unlessOutboxLocked<T>(lockName: string, run: () => Promise<T>): Promise<T | null> {
  return await navigator.locks.request(lockName, { ifAvailable: true }, (lock) => (lock ? run() : null))
}
