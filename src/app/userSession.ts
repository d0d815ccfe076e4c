import { liveQuery } from 'dexie'
import { openPortalDb, type PortalDb } from '../db/portalDb'
import { startSyncWorker, type SyncHandle, type SyncStatus } from '../../workers/syncClient'

/**
 * Loaded on demand once a user is known (signed in, or remembered offline), so Dexie and the worker stay out of
 * an anonymous first visit.
 */

export interface UserSession {
  userId: string
  db: PortalDb
  sync: SyncHandle
  /** Dexie's liveQuery, for the data hooks. */
  live: typeof liveQuery
  /** Stops the worker and closes the database, so it can be deleted. */
  close(): void
}

export interface UserSessionOptions {
  origin: string
  tenantId: string
  userId: string
  token: string | null
  onUnauthorized(): void
  onStatus(status: SyncStatus): void
}

export function openUserSession(options: UserSessionOptions): UserSession {
  const db = openPortalDb(options.tenantId, options.userId)
  const sync = startSyncWorker(options)
  return {
    userId: options.userId,
    db,
    sync,
    live: liveQuery,
    close: () => {
      sync.stop()
      db.close()
    },
  }
}
