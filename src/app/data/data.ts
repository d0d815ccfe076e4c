import { useSyncExternalStore } from 'react'
import type { Passenger, Place, Quota, Trip, User } from '../../contract'
import {
  asUser,
  bookingsView,
  messageSummaryOf,
  passengersView,
  tripsView,
  waitingCount,
  type MessageSummary,
} from '../../db/views'
import { metaValue, type StoredBooking } from '../../db/rows'
import { useLive } from './live'
import { usePlatform } from '../platform'

export { useOnline } from '../browser/online'

// Each hook that a remembered user's first screen shows gives a seed: the same answer from the rows read at start.

export function useAccount(): User | undefined {
  return useLive(
    'account',
    async ({ db }) => (await db.getAccount()) ?? undefined,
    ({ account }) => (account ? asUser(account) : undefined),
  )
}

/** Sorted by name. */
export function usePassengers(): Passenger[] | undefined {
  return useLive(
    'passengers',
    ({ db }) => db.listPassengers(),
    ({ passengers }) => passengersView(passengers),
  )
}

/**
 * The user's passengers once the first pull has stored them, null before it (an empty table is then not the
 * user's). One query reads both, so the sync time and the list never come from different moments.
 */
export function useSyncedPassengers(): Passenger[] | null | undefined {
  return useLive('passengers:synced', async ({ db }) =>
    (await db.lastSyncedAt()) === null ? null : db.listPassengers(),
  )
}

export function usePlaces(passengerId: string): Place[] | undefined {
  return useLive(`places:${passengerId}`, ({ db }) => db.listPlaces(passengerId))
}

/** A passenger's transportation permissions, sorted by name; pulled only on tenants that show them. */
export function usePermissions(passengerId: string): Quota[] | undefined {
  return useLive(`permissions:${passengerId}`, ({ db }) => db.listPermissions(passengerId))
}

/** The bookings awaiting approval or refused (not trips), by start time. */
export function useBookings(filter: { passengerId?: string } = {}): StoredBooking[] | undefined {
  const { passengerId } = filter
  return useLive(
    `bookings:${passengerId ?? '*'}`,
    ({ db }) => db.listBookings(passengerId ? { passengerId } : {}),
    ({ bookings }) => bookingsView(bookings, passengerId),
  )
}

/** Sorted by start time, then passenger name. */
export function useTrips(filter: { passengerId?: string } = {}): Trip[] | undefined {
  const { passengerId } = filter
  return useLive(
    `trips:${passengerId ?? '*'}`,
    ({ db }) => db.listTrips(passengerId ? { passengerId } : {}),
    ({ trips }) => tripsView(passengerId ? trips.filter((trip) => trip.passengerId === passengerId) : trips),
  )
}

/**
 * 0/0 until a pull stores messages: the bottom navigation's item and its badge. Undefined until the device's
 * data is read, so that what was there at the start is not taken for news.
 */
export function useMessageSummary(): MessageSummary | undefined {
  return useLive(
    'messageSummary',
    ({ db, userId }) => db.messageSummary(userId),
    ({ messageCount, meta, outbox, markedMessages, userId }) =>
      messageSummaryOf({
        total: messageCount,
        paging: metaValue(meta, 'messagePaging'),
        waiting: outbox,
        rows: markedMessages,
        userId,
      }),
  )
}

export interface SyncStatusView {
  lastSyncedAt: string | null
  syncing: boolean
  /** Commands not yet acked or rejected. */
  waiting: number
}

export function useSyncStatus(): SyncStatusView {
  const { sessions } = usePlatform()
  const syncing = useSyncExternalStore(sessions.subscribe, () => sessions.getState().sync.syncing)
  const lastSyncedAt = useLive(
    'lastSyncedAt',
    ({ db }) => db.lastSyncedAt(),
    ({ meta }) => metaValue(meta, 'lastSyncedAt'),
  )
  const waiting = useLive(
    'outbox:waiting',
    ({ db, outbox }) => outbox.countWaiting(db),
    ({ outbox }) => waitingCount(outbox),
  )
  return { lastSyncedAt: lastSyncedAt ?? null, syncing, waiting: waiting ?? 0 }
}
