import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import type { StartRows } from '../../db/startRead'
import { usePlatform } from '../platform'
import type { UserSession } from '../session/session'

/**
 * Live queries over the user's local database: each hook re-renders when the sync worker or an action commits
 * a change, and returns undefined while loading (or while no user is known). This is dexie-react-hooks'
 * `useLiveQuery` over Dexie's `liveQuery`, except that `liveQuery` arrives with the lazily loaded user session:
 * importing dexie-react-hooks here would put Dexie into every first visit, signed in or not.
 */

export function useSession(): UserSession | null {
  const { sessions } = usePlatform()
  return useSyncExternalStore(sessions.subscribe, () => sessions.getState().session)
}

/**
 * `key` names the query: a new key starts a new subscription, so it must change with the query's inputs. The
 * query reaches the database through the session, whose module (Dexie, zod) is loaded lazily. `seed` gives the
 * same answer from the rows read at start (src/db/startRead.ts), shown until the query's first answer: a
 * remembered user's first screen needs neither Dexie nor the session.
 */
export function useLive<T>(
  key: string,
  query: (session: UserSession) => Promise<T>,
  seed?: (rows: StartRows) => T,
): T | undefined {
  const { sessions } = usePlatform()
  const session = useSession()
  const start = useSyncExternalStore(sessions.subscribe, () => sessions.getState().start)
  const [state, setState] = useState<{ session: UserSession; key: string; value: T } | null>(null)
  const queryRef = useRef(query)
  useLayoutEffect(() => {
    queryRef.current = query
  })
  // Only the remembered user's rows, and only while no other user's session is open. `seed`, like `query`, is
  // named by `key`: a new function with the same key gives the same answer.
  const seeded = useMemo(
    () => (seed && start && (!session || session.userId === start.userId) ? seed(start) : undefined),
    [start, session, key],
  )
  useEffect(() => {
    if (!session) return
    let first = true
    const subscription = session
      .live(() => queryRef.current(session))
      .subscribe({
        // The first answer is the screen's first paint from the device: at once. What a pull changes later
        // renders in a transition, in slices, so a long list never blocks input.
        next: (value) => {
          const update = () => setState({ session, key, value })
          if (first) update()
          else startTransition(update)
          first = false
        },
        error: (error: unknown) => console.error('Local query failed', key, error),
      })
    return () => subscription.unsubscribe()
  }, [session, key])
  return state && state.session === session && state.key === key ? state.value : seeded
}
