import { sql, type Kysely } from 'kysely'
import type { Database } from '../../../server/db/schema'

/**
 * The statements of the connections waiting for a lock that the backend `pid` holds. `pg_stat_activity` is read
 * once per statement while `pg_blocking_pids` is live, so a backend that has just begun to wait may still show its
 * previous statement: only rows whose own snapshot already says they wait for a lock are counted.
 */
async function blockedBy(db: Kysely<Database>, pid: number): Promise<string[]> {
  const { rows } = await sql<{ query: string }>`
    select query from pg_stat_activity
    where wait_event_type = 'Lock' and ${pid} = any(pg_blocking_pids(pid))`.execute(db)
  return rows.map((row) => row.query)
}

/**
 * Waits until some connection waits for a lock the backend `pid` holds, and answers what those connections run
 * (PostgreSQL only: PGlite has one connection); it shows where a request waits while another transaction holds
 * a row. Throws, naming `waiter`, when none waits within 5 s.
 */
export async function waitersOf(db: Kysely<Database>, pid: number, waiter: string): Promise<string[]> {
  const deadline = performance.now() + 5_000
  let waiting: string[] = []
  while ((waiting = await blockedBy(db, pid)).length === 0) {
    if (performance.now() > deadline) throw new Error(`${waiter} never waited for the lock`)
  }
  return waiting
}
