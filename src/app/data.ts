import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { Passenger, Place, Trip, User } from '../contract'
import type { MessageSummary, PortalDb } from '../db/portalDb'
import { platform } from './platform'
import type { UserSession } from './session'

export { useOnline } from './online'

/**
 * Live queries over the user's local database: each hook re-renders when the sync worker or an action commits
 * a change, and returns undefined while loading (or while no user is known). This is dexie-react-hooks'
 * `useLiveQuery` over Dexie's `liveQuery`, except that `liveQuery` arrives with the lazily loaded user session:
 * importing dexie-react-hooks here would put Dexie into every first visit, signed in or not.
 */

function useSession(): UserSession | null {
  const { sessions } = platform()
  return useSyncExternalStore(sessions.subscribe, () => sessions.getState().session)
}

function useLive<T>(key: string, query: (db: PortalDb) => Promise<T>): T | undefined {
  const session = useSession()
  const [state, setState] = useState<{ session: UserSession; key: string; value: T } | null>(null)
  const queryRef = useRef(query)
  useLayoutEffect(() => {
    queryRef.current = query
  })
  useEffect(() => {
    if (!session) return
    const subscription = session
      .live(() => queryRef.current(session.db))
      .subscribe({
        next: (value) => setState({ session, key, value }),
        error: (error: unknown) => console.error('Local query failed', key, error),
      })
    return () => subscription.unsubscribe()
  }, [session, key])
  return state && state.session === session && state.key === key ? state.value : undefined
}

export function useAccount(): User | undefined {
  return useLive('account', async (db) => (await db.getAccount()) ?? undefined)
}

/** Sorted by name. */
export function usePassengers(): Passenger[] | undefined {
  return useLive('passengers', (db) => db.listPassengers())
}

export function usePlaces(passengerId: string): Place[] | undefined {
  return useLive(`places:${passengerId}`, (db) => db.listPlaces(passengerId))
}

/** Sorted by start time, then passenger name. */
export function useTrips(filter: { passengerId?: string } = {}): Trip[] | undefined {
  const { passengerId } = filter
  return useLive(`trips:${passengerId ?? '*'}`, (db) => db.listTrips(passengerId ? { passengerId } : {}))
}

const noMessages: MessageSummary = { total: 0, unseen: 0 }

/** 0/0 until messages arrive (a later issue). */
export function useMessageSummary(): MessageSummary {
  return useLive('messageSummary', (db) => db.messageSummary()) ?? noMessages
}

export function useSyncStatus(): { lastSyncedAt: string | null; syncing: boolean } {
  const { sessions } = platform()
  const syncing = useSyncExternalStore(sessions.subscribe, () => sessions.getState().sync.syncing)
  const lastSyncedAt = useLive('lastSyncedAt', (db) => db.lastSyncedAt())
  return { lastSyncedAt: lastSyncedAt ?? null, syncing }
}
