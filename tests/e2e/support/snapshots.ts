import type { Page } from '@playwright/test'

/**
 * A flow's snapshot as the portal saved it in the user's IndexedDB (`snapshots`, keyed by the flow's name), or
 * null: what a reload continues from. A journey that reloads waits for it, since the write follows the change.
 */
export function savedSnapshot(
  page: Page,
  flow: string,
): Promise<{ context?: Record<string, unknown> } | null> {
  return page.evaluate(async (flow) => {
    const request = <T>(call: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        call.onsuccess = () => resolve(call.result)
        call.onerror = () => reject(call.error)
      })
    for (const { name } of await indexedDB.databases()) {
      if (!name?.startsWith('portal:')) continue
      const db = await request(indexedDB.open(name))
      try {
        if (!db.objectStoreNames.contains('snapshots')) continue
        const row = (await request(db.transaction('snapshots').objectStore('snapshots').get(flow))) as
          { value?: { context?: Record<string, unknown> } } | undefined
        if (row) return row.value ?? null
      } finally {
        db.close()
      }
    }
    return null
  }, flow)
}
