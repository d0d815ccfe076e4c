import { sql, type Kysely } from 'kysely'
import { expect } from 'vitest'
import type { Database } from '../../../server/db/schema'

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
