import { Temporal } from 'temporal-polyfill'
import type { Passenger, Trip, User } from '../contract'
import { isWaiting, type OutboxCommand } from '../commands/outboxCommand'
import { isUnseen, type MessagePaging, type StoredMessage } from './messageStore'
import { markedSeenIds } from './seenMarks'
import type { StoredAccount, StoredBooking, StoredTrip } from './rows'

/**
 * What the screens read of the stored rows, whoever read them: the database's queries (src/db/portalDb.ts,
 * through Dexie) and the start's own read (src/db/startRead.ts, plain IndexedDB, before Dexie has loaded). One
 * set of rules, so both give the same answer from the same rows.
 */

export interface MessageSummary {
  total: number
  /** Others' messages not yet seen: the server's count, less those marked seen here and not yet sent. */
  unseen: number
}

/** Names are Finnish whatever the UI language: Å, Ä, Ö after Z. */
export const nameOrder = new Intl.Collator('fi')

/** The stored rows without the keys the database adds (`key`, `passengerId`), as the contract has them. */
export const asUser = ({ key: _key, ...row }: StoredAccount): User => row
export const asTrip = ({ passengerId: _passengerId, ...row }: StoredTrip): Trip => row

/** Sorted by name. */
export function passengersView(rows: Passenger[]): Passenger[] {
  return [...rows].sort((a, b) => nameOrder.compare(a.name, b.name))
}

/**
 * By start instant (offsets may differ across a DST change), then passenger name (spec section 9). Each start
 * is parsed once, not in every comparison: a fortnight of trips is sorted on every read of the list.
 */
export function tripsView(rows: StoredTrip[]): Trip[] {
  const keyed = rows.map(asTrip).map((trip) => ({
    trip,
    start: Temporal.Instant.from(trip.startDateTime).epochMilliseconds,
  }))
  keyed.sort((a, b) => a.start - b.start || nameOrder.compare(a.trip.passenger.name, b.trip.passenger.name))
  return keyed.map(({ trip }) => trip)
}

/** The bookings awaiting approval or refused, of one passenger or all, by start instant as the trips are. */
export function bookingsView(rows: StoredBooking[], passengerId?: string): StoredBooking[] {
  return rows
    .filter((row) => passengerId === undefined || row.passengerId === passengerId)
    .map((row) => ({ row, start: Temporal.Instant.from(row.startDateTime).epochMilliseconds }))
    .sort((a, b) => a.start - b.start)
    .map(({ row }) => row)
}

/** Fields added after the first rows were stored default as they did then. */
export function storedCommand(row: OutboxCommand): OutboxCommand {
  return {
    ...row,
    nextAttemptAt: row.nextAttemptAt ?? null,
    firstSentAt: row.firstSentAt ?? null,
    notified: row.notified ?? false,
  }
}

/** Every command, in `seq` order. */
export function commandsView(rows: OutboxCommand[]): OutboxCommand[] {
  return rows.map(storedCommand).sort((a, b) => a.seq - b.seq)
}

/** Commands not yet acked or rejected. */
export function waitingCount(rows: readonly OutboxCommand[]): number {
  return rows.filter(isWaiting).length
}

/**
 * The messages item's count and badge. `rows` holds at least the stored messages that waiting seen marks are
 * about (more do no harm): those still unseen as stored are seen here already.
 */
export function messageSummaryOf(input: {
  total: number
  paging: MessagePaging | null
  waiting: readonly OutboxCommand[]
  rows: readonly StoredMessage[]
  userId: string
}): MessageSummary {
  const marked = markedSeenIds(input.waiting)
  const markedHere = input.rows.filter((row) => marked.has(row.id) && isUnseen(row, input.userId)).length
  return { total: input.total, unseen: Math.max(0, (input.paging?.unseenCount ?? 0) - markedHere) }
}
