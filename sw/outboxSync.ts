import type { TokenResult } from '../machines/auth/auth.machine'
import type { ApiClient } from '../src/api/client'
import { outboxLockName, parseDatabaseName } from '../src/db/names'
import type { PortalDb } from '../src/db/portalDb'
import { replayOutbox } from '../workers/outbox/replay'

/**
 * Background Sync of the outbox (the page registers the `outbox` tag whenever it queues a command): replays
 * every signed-in user's commands when the network returns, even with every tab closed. For each tenant that
 * has a local database it asks the server for an access token with the session cookie (it lives only in this
 * run's memory), and replays only the database of the token's user: another user's commands wait for their
 * own next sign-in. Pure of the service worker's globals, so it is tested without one.
 */

export interface OutboxSyncDeps {
  /** `indexedDB.databases()`. */
  databases(): Promise<{ name?: string }[]>
  /** `GET /api/auth/access_token` for the tenant (X-Tenant unless default). */
  fetchToken(tenantId: string): Promise<TokenResult>
  openDb(name: string): PortalDb
  api(tenantId: string, token: () => string | null): ApiClient
  /**
   * Runs `replay` holding the Web Lock `lockName` if nobody else holds it; null when a tab's sync worker is
   * replaying that database already.
   */
  withLock<T>(lockName: string, replay: () => Promise<T>): Promise<T | null>
  now(): number
  random(): number
}

export interface OutboxSyncResult {
  /** Something is still waiting that a later sync can send (the network failed, a retry time). */
  retry: boolean
  /** The databases replayed, by name. */
  replayed: string[]
}

interface UserDb {
  name: string
  userId: string
}

function byTenant(names: readonly (string | undefined)[]): Map<string, UserDb[]> {
  const tenants = new Map<string, UserDb[]>()
  for (const name of names) {
    const parsed = name ? parseDatabaseName(name) : null
    if (!name || !parsed) continue
    tenants.set(parsed.tenantId, [...(tenants.get(parsed.tenantId) ?? []), { name, userId: parsed.userId }])
  }
  return tenants
}

/** Replays one database; a 401 gets one fresh token for the same user, else the commands wait for a sign-in. */
async function replayDb(
  deps: OutboxSyncDeps,
  tenantId: string,
  db: PortalDb,
  first: { token: string; userId: string },
): Promise<boolean> {
  let token: string | null = first.token
  let refreshed = false
  for (;;) {
    const result = await replayOutbox(
      { db, api: deps.api(tenantId, () => token), token: () => token, now: deps.now, random: deps.random },
      { force: true },
    )
    if (result.stop.kind === 'empty') return false
    if (result.stop.kind === 'backoff' || refreshed) return result.stop.kind === 'backoff'
    refreshed = true
    const again = await deps.fetchToken(tenantId)
    if (again.kind !== 'token' || again.userId !== first.userId) return again.kind === 'unreachable'
    token = again.token
  }
}

export async function syncOutboxes(deps: OutboxSyncDeps): Promise<OutboxSyncResult> {
  const tenants = byTenant((await deps.databases()).map((info) => info.name))
  let retry = false
  const replayed: string[] = []
  for (const [tenantId, dbs] of tenants) {
    const token = await deps.fetchToken(tenantId)
    if (token.kind === 'unreachable') retry = true
    if (token.kind !== 'token') continue
    for (const { name } of dbs.filter(({ userId }) => userId === token.userId)) {
      const db = deps.openDb(name)
      try {
        const outcome = await deps.withLock(outboxLockName(name), () => replayDb(deps, tenantId, db, token))
        if (outcome !== null) replayed.push(name)
        retry ||= outcome === true
      } finally {
        db.close()
      }
    }
  }
  return { retry, replayed }
}
