import { CompiledQuery } from 'kysely'
import type pg from 'pg'
import type { Db } from './schema'

/** A statement of the hot path, planned once per connection on PostgreSQL. `name` must be unique per text. */
export interface PreparedStatement {
  name: string
  text: string
}

type Runner = (statement: PreparedStatement, params: readonly unknown[]) => Promise<unknown[]>

const runners = new WeakMap<Db, Runner>()

/**
 * On PostgreSQL the hot reads go to the pool as named statements, which PostgreSQL parses and plans once per
 * connection instead of on every request (Kysely sends unnamed ones). Only for the pool itself: a transaction
 * has its own connection, and PGlite's single session may be inside one, so those run through Kysely.
 */
export function usePreparedStatements(db: Db, pool: pg.Pool): void {
  runners.set(db, async (statement, params) => {
    const result = await pool.query({ name: statement.name, text: statement.text, values: [...params] })
    return result.rows
  })
}

/** Runs a hot-path statement: prepared on a PostgreSQL pool, else as a precompiled query through Kysely. */
export async function runPrepared<Row>(
  db: Db,
  statement: PreparedStatement,
  params: readonly unknown[],
): Promise<Row[]> {
  const runner = runners.get(db)
  if (runner) return (await runner(statement, params)) as Row[]
  return (await db.executeQuery<Row>(CompiledQuery.raw(statement.text, [...params]))).rows
}
