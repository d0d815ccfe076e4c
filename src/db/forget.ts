/**
 * Forgetting a user's local data on sign-out, in raw IndexedDB so that it works before Dexie has loaded (a
 * session found ended at start-up). Commands not yet sent are the one thing a forced sign-out keeps (design
 * brief, "Auth"): the read models go, the outbox stays for the same user's next sign-in on this device.
 */

const kept = 'outbox'
/** The outbox's sequence counter lives in `meta`: keep it, so a kept queue's order carries on. */
const keptMetaKeys = new Set(['outboxSeq'])

function done(request: IDBRequest | IDBOpenDBRequest): Promise<void> {
  return new Promise((resolve) => {
    request.onsuccess = request.onerror = () => resolve()
  })
}

function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve) => {
    transaction.oncomplete = transaction.onerror = transaction.onabort = () => resolve()
  })
}

/** Opens the database as it is, or null when it does not exist (the open is aborted instead of creating it). */
function openExisting(factory: IDBFactory, name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    const request = factory.open(name)
    request.onupgradeneeded = () => request.transaction?.abort()
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => resolve(null)
    request.onblocked = () => resolve(null)
  })
}

async function countWaiting(db: IDBDatabase): Promise<number> {
  const transaction = db.transaction(kept, 'readonly')
  const status = transaction.objectStore(kept).index('status')
  const counts = [status.count('pending'), status.count('sending')]
  await transactionDone(transaction)
  return counts.reduce((sum, request) => sum + (request.result as number), 0)
}

async function clearAllButOutbox(db: IDBDatabase): Promise<void> {
  const stores = Array.from(db.objectStoreNames).filter((store) => store !== kept)
  if (stores.length === 0) return
  const transaction = db.transaction(stores, 'readwrite')
  for (const store of stores) {
    const objectStore = transaction.objectStore(store)
    if (store !== 'meta') {
      objectStore.clear()
      continue
    }
    const keys = objectStore.getAllKeys()
    keys.onsuccess = () => {
      for (const key of keys.result) if (!keptMetaKeys.has(String(key))) objectStore.delete(key)
    }
  }
  await transactionDone(transaction)
}

/**
 * Deletes the database, or, with `keepCommands` and commands still waiting, clears everything but the outbox.
 * Never rejects: a failure leaves the data as it was, which the next sign-out tries again.
 */
export async function forgetUserData(
  name: string,
  options: { keepCommands: boolean; indexedDB?: IDBFactory },
): Promise<void> {
  const factory = options.indexedDB ?? indexedDB
  if (options.keepCommands) {
    const db = await openExisting(factory, name)
    if (!db) return
    try {
      if (db.objectStoreNames.contains(kept) && (await countWaiting(db)) > 0) {
        await clearAllButOutbox(db)
        return
      }
    } catch {
      return
    } finally {
      db.close()
    }
  }
  await done(factory.deleteDatabase(name))
}
