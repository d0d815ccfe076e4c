import { useSyncExternalStore } from 'react'
import type { Passenger, Place, Quota, Trip, User } from '../contract'
import type { MessageSummary } from '../db/portalDb'
import { useLive } from './live'
import { usePlatform } from './platform'

export { useOnline } from './online'

export function useAccount(): User | undefined {
  return useLive('account', async ({ db }) => (await db.getAccount()) ?? undefined)
}

/** Sorted by name. */
export function usePassengers(): Passenger[] | undefined {
  return useLive('passengers', ({ db }) => db.listPassengers())
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

/** Sorted by start time, then passenger name. */
export function useTrips(filter: { passengerId?: string } = {}): Trip[] | undefined {
  const { passengerId } = filter
  return useLive(`trips:${passengerId ?? '*'}`, ({ db }) => db.listTrips(passengerId ? { passengerId } : {}))
}

const noMessages: MessageSummary = { total: 0, unseen: 0 }

/** 0/0 until a pull stores messages: the bottom navigation's item and its badge. */
export function useMessageSummary(): MessageSummary {
  return useLive('messageSummary', ({ db, userId }) => db.messageSummary(userId)) ?? noMessages
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
  const lastSyncedAt = useLive('lastSyncedAt', ({ db }) => db.lastSyncedAt())
  const waiting = useLive('outbox:waiting', ({ db, outbox }) => outbox.countWaiting(db))
  return { lastSyncedAt: lastSyncedAt ?? null, syncing, waiting: waiting ?? 0 }
}
