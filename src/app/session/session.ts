import type { SyncStatus } from '../../../workers/syncEngine'
import type { StartRows } from '../../db/startRead'
import type { UserSession } from './userSession'

export type { UserSession } from './userSession'

export interface SessionState {
  session: UserSession | null
  sync: SyncStatus
  /** The remembered user's rows read at start, which the screens show until the session's queries answer. */
  start: StartRows | null
}

const idle: SyncStatus = { syncing: false, lastSyncedAt: null, lastError: null }

/**
 * The open user session (database and sync worker) as a small store for `useSyncExternalStore` and for the
 * actions, which run outside React.
 */
export class SessionStore {
  private state: SessionState = { session: null, sync: idle, start: null }
  private readonly listeners = new Set<() => void>()

  getState = (): SessionState => this.state

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * The open session, or the next one to open (the session's module loads after auth settles), or null when
   * none opens within `timeoutMs` (no user is known).
   */
  ready(timeoutMs = 10_000): Promise<UserSession | null> {
    const current = this.state.session
    if (current) return Promise.resolve(current)
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        unsubscribe()
        resolve(null)
      }, timeoutMs)
      const unsubscribe = this.subscribe(() => {
        const session = this.state.session
        if (!session) return
        clearTimeout(timer)
        unsubscribe()
        resolve(session)
      })
    })
  }

  setSession(session: UserSession | null): void {
    this.update({ ...this.state, session, sync: idle })
  }

  setStart(start: StartRows | null): void {
    this.update({ ...this.state, start })
  }

  setSync(sync: SyncStatus): void {
    this.update({ ...this.state, sync })
  }

  private update(state: SessionState): void {
    this.state = state
    for (const listener of this.listeners) listener()
  }
}
