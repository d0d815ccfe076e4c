import type { Place, Quota, Trip, UnapprovedBooking, User } from '../contract'
import type { MessagePaging } from './messageStore'

/**
 * The shapes of the database's rows (src/db/portalDb.ts), and how a meta row is read, apart from Dexie and
 * Temporal: the start's plain IndexedDB read (src/db/startRead.ts), in the entry, reads the same rows.
 */

/** The one account row is keyed by a constant, so a pull replaces it whatever the user's id. */
export type StoredAccount = User & { key: 'me' }
export type StoredPlace = Place & { passengerId: string }
/** Trips are keyed by id plus date (spec section 3); `passengerId` is lifted out for the index. */
export type StoredTrip = Trip & { passengerId: string }
/** A booking awaiting approval or refused (not a trip), keyed like a trip; `passengerId` is the pull's. */
export type StoredBooking = UnapprovedBooking & { passengerId: string }
/** A passenger's transportation permission; ids are the server's, keyed with the passenger's like places. */
export type StoredPermission = Quota & { passengerId: string }
/**
 * The time of the last pull, the outbox's last allocated sequence number, how many answers were written outside a
 * pull (src/db/portalDb.ts, `answersWritten`), and which message pages are stored.
 */
export type StoredMeta =
  | { key: 'lastSyncedAt'; value: string }
  | { key: 'outboxSeq'; value: number }
  | { key: 'answersWritten'; value: number }
  | { key: 'messagePaging'; value: MessagePaging }
  | { key: 'pushDevice'; value: PushDevice }

/**
 * This device's push subscription as the server knows it: its id there (the devices list marks it
 * "This device"), the browser's endpoint (to tell a subscription the browser dropped) and the language it was
 * posted in (a language change posts it again).
 */
export interface PushDevice {
  id: string
  endpoint: string
  locale: 'fi' | 'sv' | 'en'
}

type MetaValues = { [Row in StoredMeta as Row['key']]: Row['value'] }

/** A meta row's value, if the row is there. */
export function metaValue<K extends keyof MetaValues>(
  rows: readonly StoredMeta[],
  key: K,
): MetaValues[K] | null {
  const row = rows.find((meta) => meta.key === key)
  return row ? (row.value as MetaValues[K]) : null
}
