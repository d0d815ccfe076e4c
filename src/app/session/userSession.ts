import { Dexie, liveQuery, type ObservabilitySet } from 'dexie'
import { deleteStartSnapshots } from '../browser/startSnapshot'
import * as outbox from '../../db/outbox'
import { openPortalDb, type PortalDb } from '../../db/portalDb'
import type { Notice } from '../../../machines/notices/notices.machine'
import type { PullScope } from '../../../workers/pull'
import { startSyncWorker, type SyncHandle, type SyncStart, type SyncStatus } from './syncClient'
import { milestoneNotice } from './sessionNotices'

/**
 * Loaded on demand once a user is known (signed in, or remembered offline), so Dexie, zod and the worker stay
 * out of an anonymous first visit.
 */

export interface UserSession {
  userId: string
  db: PortalDb
  sync: SyncHandle
  /** Dexie's liveQuery, for the data hooks. */
  live: typeof liveQuery
  /** The outbox's methods (src/db/outbox.ts), loaded with this module. */
  outbox: typeof outbox
  /** Stops the worker and closes the database, so it can be deleted. */
  close(): void
}

export interface UserSessionOptions {
  origin: string
  tenantId: string
  userId: string
  /** What the sync worker pulls beyond the core read models, by the tenant's features. */
  scope: PullScope
  /** This user was the one remembered on this device; anyone else has nothing stored to paint from yet. */
  mayHaveData: boolean
  token: string | null
  /** A call answered 401; `token` is the one it was made with. */
  onUnauthorized(token: string | null): void
  onStatus(status: SyncStatus): void
  /** Shows a notice: pickups and drop-offs a pull newly showed, commands the server refused. */
  notify(notice: Notice): void
}

export function openUserSession(options: UserSessionOptions): UserSession {
  const { notify, mayHaveData, ...workerOptions } = options
  const db = openPortalDb(options.tenantId, options.userId)
  // With data stored, the first paint comes from the device and the worker waits until the page is idle; with
  // nothing stored yet, the first paint waits for the worker's pull, so it starts at once.
  const start = mayHaveData
    ? db.lastSyncedAt().then(
        (syncedAt): SyncStart => (syncedAt === null ? 'now' : 'idle'),
        (): SyncStart => 'now',
      )
    : Promise.resolve<SyncStart>('now')
  const sync = startSyncWorker(
    { ...workerOptions, onMilestones: (milestones) => milestones.map(milestoneNotice).forEach(notify) },
    start,
  )
  // Rejections come from the sync worker or, while no tab was open, from the service worker: watch the table.
  const tellRejections = async () => {
    // Refusals are rare: their texts and the command catalogue load with the first one, before it is taken.
    const { rejectionNotice } = await import('./rejectionNotice')
    for (const command of await outbox.takeUnnotifiedRejections(db)) notify(rejectionNotice(command))
  }

  const rejections = liveQuery(() =>
    db.outbox
      .where('status')
      .equals('rejected')
      .filter((row) => !row.notified && !row.dismissed)
      .count(),
  ).subscribe({
    next: (unnotified) => {
      if (unnotified > 0) void tellRejections()
    },
  })
  // The start snapshot shows the trips as they were: any change to what it shows, here or by the worker, throws
  // it away (the trips screen stores a new one when it renders the change).
  const shown = ['trips', 'bookings', 'passengers', 'outbox'].map((table) => `idb://${db.name}/${table}/`)
  const onMutated = (parts: ObservabilitySet) => {
    if (Object.keys(parts).some((part) => shown.some((prefix) => part.startsWith(prefix))))
      void deleteStartSnapshots()
  }
  Dexie.on.storagemutated.subscribe(onMutated)
  return {
    userId: options.userId,
    db,
    sync,
    live: liveQuery,
    outbox,
    close: () => {
      Dexie.on.storagemutated.unsubscribe(onMutated)
      rejections.unsubscribe()
      sync.stop()
      db.close()
    },
  }
}
