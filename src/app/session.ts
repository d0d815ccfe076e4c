import type { SyncStatus } from '../../workers/syncEngine'
import type { UserSession } from './userSession'

export type { UserSession } from './userSession'

export interface SessionState {
  session: UserSession | null
  sync: SyncStatus
}

const idle: SyncStatus = { syncing: false, lastSyncedAt: null, lastError: null }

/**
 * The open user session (database and sync worker) as a small store for `useSyncExternalStore` and for the
 * actions, which run outside React.
 */
export class SessionStore {
  private state: SessionState = { session: null, sync: idle }
  private readonly listeners = new Set<() => void>()

  getState = (): SessionState => this.state

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  setSession(session: UserSession | null): void {
    this.update({ session, sync: idle })
  }

  setSync(sync: SyncStatus): void {
    this.update({ ...this.state, sync })
  }

  private update(state: SessionState): void {
    this.state = state
    for (const listener of this.listeners) listener()
  }
}
