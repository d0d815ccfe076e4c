import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { expect } from 'vitest'
import type { ChangeFeed, FeedChange } from '../../../src/contract/operatorChanges'
import type { TenantId } from '../../../tenants'
import type { Database } from '../../../server/db/schema'
import { demoOperatorKey } from '../../../server/demo/operatorKeys'
import { testPort } from './app'

/** A call to the operator API with the tenant's demo key. */
export function operatorCall(
  app: FastifyInstance,
  tenant: TenantId,
  request: { method?: 'GET' | 'PUT' | 'POST'; url: string; payload?: object },
) {
  return app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    headers: { host: `${tenant}.localhost:${testPort}`, 'x-api-key': demoOperatorKey(tenant) },
    ...(request.payload ? { payload: request.payload } : {}),
  })
}

/**
 * Waits until the operator's change feed lists every change committed so far. It lists a change only once every
 * transaction that began before it has ended, anywhere on the database server: on PostgreSQL also the writes of
 * other test files running at the same time. The id of a transaction begun now marks the point the feed must pass.
 */
export async function feedCaughtUp(db: Kysely<Database>): Promise<void> {
  const marker = await sql<{ xid: string }>`select pg_current_xact_id()::text as xid`.execute(db)
  const passed = sql<{
    passed: boolean
  }>`select pg_snapshot_xmin(pg_current_snapshot()) > ${marker.rows[0]!.xid}::xid8 as passed`
  await expect.poll(async () => (await passed.execute(db)).rows[0]!.passed, { timeout: 10_000 }).toBe(true)
}

/** The tenant's whole change feed as the operator reads it, page by page, once it lists all committed so far. */
export async function feedOf(
  app: FastifyInstance,
  db: Kysely<Database>,
  tenant: TenantId,
): Promise<FeedChange[]> {
  await feedCaughtUp(db)
  const changes: FeedChange[] = []
  for (let after: string | null = null; ;) {
    const query: string = after ? `?limit=500&after=${after}` : '?limit=500'
    const response = await operatorCall(app, tenant, { url: `/api/operator/changes${query}` })
    if (response.statusCode !== 200) throw new Error(`Feed read failed: ${response.body}`)
    const page = response.json<ChangeFeed>()
    changes.push(...page.changes)
    if (!page.hasMore) return changes
    after = page.cursor
  }
}

/** The changes of the feed that concern a trip, by its id in their data. */
export async function tripChanges(
  app: FastifyInstance,
  db: Kysely<Database>,
  tenant: TenantId,
  tripId: string,
) {
  const concerns = (change: FeedChange) => {
    const data = change.data as { trip?: { id: string }; trips?: { id: string }[] }
    return data.trip?.id === tripId || (data.trips ?? []).some((trip) => trip.id === tripId)
  }
  return (await feedOf(app, db, tenant)).filter(concerns)
}
