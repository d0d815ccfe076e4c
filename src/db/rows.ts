import type { Place, Quota, Trip, User } from '../contract'
import type { MessagePaging } from './messageStore'

/**
 * The shapes of the database's rows (src/db/portalDb.ts), apart from Dexie: the start's plain IndexedDB read
 * (src/db/startRead.ts) reads the same rows.
 */

/** The one account row is keyed by a constant, so a pull replaces it whatever the user's id. */
export type StoredAccount = User & { key: 'me' }
export type StoredPlace = Place & { passengerId: string }
/** Trips are keyed by id plus date (spec section 3); `passengerId` is lifted out for the index. */
export type StoredTrip = Trip & { passengerId: string }
/** A passenger's transportation permission; ids are the server's, keyed with the passenger's like places. */
export type StoredPermission = Quota & { passengerId: string }
/** The time of the last pull, the outbox's last allocated sequence number, and which message pages are stored. */
export type StoredMeta =
  | { key: 'lastSyncedAt'; value: string }
  | { key: 'outboxSeq'; value: number }
  | { key: 'messagePaging'; value: MessagePaging }
