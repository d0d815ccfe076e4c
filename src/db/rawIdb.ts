/**
 * Raw IndexedDB reads of a user's database, which work before Dexie has loaded and without opening the user's
 * session: forgetting a user's data (forget.ts) and telling what it keeps (keptWork.ts).
 */

export function done(request: IDBRequest | IDBOpenDBRequest): Promise<void> {
  return new Promise((resolve) => {
    request.onsuccess = request.onerror = () => resolve()
  })
}

export function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve) => {
    transaction.oncomplete = transaction.onerror = transaction.onabort = () => resolve()
  })
}

/** Opens the database as it is, or null when it does not exist (the open is aborted instead of creating it). */
export function openExisting(factory: IDBFactory, name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    const request = factory.open(name)
    request.onupgradeneeded = () => request.transaction?.abort()
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => resolve(null)
    request.onblocked = () => resolve(null)
  })
}

export async function countWaiting(db: IDBDatabase): Promise<number> {
  const transaction = db.transaction('outbox', 'readonly')
  const status = transaction.objectStore('outbox').index('status')
  const counts = [status.count('pending'), status.count('sending')]
  await transactionDone(transaction)
  return counts.reduce((sum, request) => sum + (request.result as number), 0)
}

/** The flows whose drafts (machine snapshots) are saved, by name (machines/<flow>/<flow>.persist.ts). */
export async function draftFlows(db: IDBDatabase): Promise<string[]> {
  if (!db.objectStoreNames.contains('snapshots')) return []
  const transaction = db.transaction('snapshots', 'readonly')
  const keys = transaction.objectStore('snapshots').getAllKeys()
  await transactionDone(transaction)
  return keys.result.map(String)
}
