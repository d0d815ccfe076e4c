import type { PostgresPool, PostgresPoolClient } from 'kysely'
import type pg from 'pg'

/** What node-postgres says of a query unanswered past its `query_timeout`. */
const queryTimedOut = (error: unknown): error is Error =>
  error instanceof Error && error.message === 'Query read timeout'

/**
 * `pool` as Kysely's PostgresDialect uses it, except that a connection one of whose queries timed out
 * (`query_timeout`) goes back to the pool as broken, which destroys it. node-postgres leaves such a connection
 * waiting for the lost answer, and Kysely releases every connection as healthy (unless a rollback failed), so
 * the pool handed it out again and each later query on it waited behind the lost one, for good. Later queries
 * on it (a transaction's rollback) fail at once with the same error. (`pool.query`, which the prepared
 * statements use, releases a connection with its query's error already.)
 */
export function discardTimedOut(pool: pg.Pool): PostgresPool {
  return {
    options: pool.options,
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect()
      let timedOut: Error | undefined
      const query = async (text: string, values: readonly unknown[]) => {
        if (timedOut) throw timedOut
        try {
          return await client.query(text, values as unknown[])
        } catch (error) {
          if (queryTimedOut(error)) timedOut = error
          throw error
        }
      }
      return {
        // Without the cursor form: the app streams no query.
        query: query as unknown as PostgresPoolClient['query'],
        release: (destroy) => client.release(timedOut ?? destroy),
      }
    },
  }
}
