/**
 * Forgetting a user's local data on sign-out, in raw IndexedDB so that it works before Dexie has loaded (a
 * session found ended at start-up). The user's work is what a forced sign-out keeps (design brief, "Auth";
 * docs/spec-differences.md): commands not yet sent and the wizards' drafts (machine snapshots) stay for the same
 * user's next sign-in on this device, in their own database, which no other user opens; the read models go.
 */

import { countWaiting, done, draftFlows, openExisting, transactionDone } from './rawIdb'

const kept = ['outbox', 'snapshots']
/** The outbox's sequence counter lives in `meta`: keep it, so a kept queue's order carries on. */
const keptMetaKeys = new Set(['outboxSeq'])

async function clearAllButWork(db: IDBDatabase): Promise<void> {
  const stores = Array.from(db.objectStoreNames).filter((store) => !kept.includes(store))
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
 * Deletes the database, or, with `keepWork` and commands waiting or a draft saved, clears all but those.
 * Never rejects: a failure leaves the data as it was, which the next sign-out tries again.
 */
export async function forgetUserData(
  name: string,
  options: { keepWork: boolean; indexedDB?: IDBFactory },
): Promise<void> {
  const factory = options.indexedDB ?? indexedDB
  if (options.keepWork) {
    const db = await openExisting(factory, name)
    if (!db) return
    try {
      const work = db.objectStoreNames.contains('outbox')
        ? (await countWaiting(db)) + (await draftFlows(db)).length
        : 0
      if (work > 0) {
        await clearAllButWork(db)
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
