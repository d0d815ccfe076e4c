import { isWaiting, type OutboxCommand } from '../commands/outboxCommand'
import type { Passenger } from '../contract'
import type { StoredMessage } from './messageStore'
import { databaseName } from './names'
import { metaValue, type StoredAccount, type StoredBooking, type StoredMeta, type StoredTrip } from './rows'
import { markedSeenIds } from './seenMarks'

/**
 * What a remembered user's first screen shows, read from their database with plain IndexedDB before Dexie (31 KB
 * gzip) has loaded: the screens answer from these rows (src/db/views.ts, the same rules as the database's
 * queries) until the session's live queries take over, so the first paint waits for neither Dexie nor the
 * session's opening.
 */
export interface StartRows {
  userId: string
  /** A pull has stored the user's data (else there is nothing to show yet, and the session opens at once). */
  synced: boolean
  /** Commands wait to be sent: the session (and its worker, which sends them) should not wait for idle. */
  sending: boolean
  account: StoredAccount | null
  passengers: Passenger[]
  trips: StoredTrip[]
  /** The bookings awaiting approval or refused, listed on the trips' days. */
  bookings: StoredBooking[]
  outbox: OutboxCommand[]
  meta: StoredMeta[]
  messageCount: number
  /** The stored messages that waiting seen marks are about (the message summary's correction). */
  markedMessages: StoredMessage[]
}

const stores = ['account', 'passengers', 'trips', 'bookings', 'outbox', 'meta', 'messages'] as const

/** A request's result, or the transaction's error. */
function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
  })
}

/** Opens the database as it is, never creating it (a user with none has nothing to show). */
function openExisting(name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name)
    request.onupgradeneeded = () => request.transaction?.abort()
    request.onsuccess = () => resolve(request.result)
    // An aborted creation: there was no database.
    request.onerror = () => (request.error?.name === 'AbortError' ? resolve(null) : reject(request.error))
  })
}

/**
 * The user's stored rows for the first screen, or null when there is nothing to read (no database, or one of
 * an older shape whose upgrade Dexie has yet to run) or the read failed: the screens then wait for Dexie.
 */
export async function readStartRows(tenantId: string, userId: string): Promise<StartRows | null> {
  try {
    const db = await openExisting(databaseName(tenantId, userId))
    if (!db) return null
    // Dexie's upgrade (another tab, or this one's session) must never wait for this connection.
    db.onversionchange = () => db.close()
    try {
      if (!stores.every((store) => db.objectStoreNames.contains(store))) return null
      const transaction = db.transaction(stores, 'readonly')
      const all = <T>(store: (typeof stores)[number]) => result<T[]>(transaction.objectStore(store).getAll())
      const [accounts, passengers, trips, bookings, outbox, meta, messageCount] = await Promise.all([
        all<StoredAccount>('account'),
        all<Passenger>('passengers'),
        all<StoredTrip>('trips'),
        all<StoredBooking>('bookings'),
        all<OutboxCommand>('outbox'),
        all<StoredMeta>('meta'),
        result(transaction.objectStore('messages').count()),
      ])
      // A transaction of its own: the first may have committed once its requests were done.
      const messages = db.transaction('messages', 'readonly').objectStore('messages')
      const marked = await Promise.all(
        [...markedSeenIds(outbox)].map((id) => result<StoredMessage | undefined>(messages.get(id))),
      )
      return {
        userId,
        synced: metaValue(meta, 'lastSyncedAt') !== null,
        sending: outbox.some(isWaiting),
        account: accounts[0] ?? null,
        passengers,
        trips,
        bookings,
        outbox,
        meta,
        messageCount,
        markedMessages: marked.filter((row) => row !== undefined),
      }
    } finally {
      db.close()
    }
  } catch (error) {
    console.error('Reading the stored trips at start', error)
    return null
  }
}
