/// <reference lib="webworker" />
import { Temporal } from 'temporal-polyfill'
import { createApiClient } from '../src/api/client'
import { fetchAccessToken } from '../src/api/tokenFetch'
import { PortalDb } from '../src/db/portalDb'
import { unlessOutboxLocked } from '../workers/outbox/lock'
import type { OutboxSyncDeps } from './outboxSync'

/**
 * The service worker's real dependencies for the outbox sync: its IndexedDB, same-origin fetches (the session
 * cookie goes along), and the Web Lock a tab's sync worker also takes.
 */
export function serviceWorkerSyncDeps(origin: string): OutboxSyncDeps {
  return {
    databases: () => indexedDB.databases(),
    fetchToken: (tenantId) => fetchAccessToken({ origin, tenantId }),
    openDb: (name) => new PortalDb(name),
    // A 401 is handled by the replay itself (one fresh token, then wait for a sign-in).
    api: (tenantId, token) => createApiClient({ origin, tenantId, token, onUnauthorized: () => {} }),
    withLock: unlessOutboxLocked,
    now: () => Temporal.Now.instant().epochMilliseconds,
    random: Math.random,
  }
}
