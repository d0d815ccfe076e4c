import { countWaiting, draftFlows, openExisting } from './rawIdb'

/** What a user's database keeps for their next sign-in after their session ended (forget.ts). */
export interface KeptWork {
  /** Commands not yet sent. */
  waiting: number
  /** The flows with a draft saved, e.g. 'booking', 'canceltrips'. */
  drafts: string[]
}

const nothing: KeptWork = { waiting: 0, drafts: [] }

/** Read without opening the user's session; a database that is missing or cannot be read keeps nothing. */
export async function keptWork(name: string, factory: IDBFactory = indexedDB): Promise<KeptWork> {
  const db = await openExisting(factory, name)
  if (!db) return nothing
  try {
    if (!db.objectStoreNames.contains('outbox')) return nothing
    return { waiting: await countWaiting(db), drafts: await draftFlows(db) }
  } catch {
    return nothing
  } finally {
    db.close()
  }
}
