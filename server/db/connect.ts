import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely'
import pg from 'pg'
import { discardTimedOut } from './discardTimedOut'
import { usePgliteNotifications, usePostgresNotifications, type ListenerTiming } from './notifications'
import { usePoolStats } from './poolStats'
import { usePreparedStatements } from './prepared'
import type { Database } from './schema'
import { sessionLimits } from './sessionLimits'
import { TemporalPlugin } from './temporalPlugin'

export interface DatabaseOptions {
  /** PostgreSQL connection string; null uses embedded PGlite. */
  databaseUrl: string | null
  /** PGlite data folder; null keeps the database in memory. */
  pgliteDir: string | null
  /** PostgreSQL schema to work in (tests give each file its own). */
  schema?: string
  /**
   * A pooled connection lost while idle (the server restarted, a proxy timed it out): the pool drops it and
   * opens another when next needed; this hears why. Without a listener the error would end the process.
   */
  onIdleError?: (error: Error) => void
  /** How its connections are named to PostgreSQL (pg_stat_activity); the listener's gets `-notifications`. */
  applicationName?: string
  /** How soon a dead notification listener is noticed on PostgreSQL (tests shorten it). */
  listenerTiming?: ListenerTiming
  /**
   * A PGlite data folder dumped by `dumpDataDir`, to start the in-memory database from instead of a new cluster:
   * the tests start each of theirs from one made and migrated once, several times faster than a new cluster.
   */
  pgliteFrom?: Blob
  /**
   * On PostgreSQL, connections without the time limits of sessionLimits.ts: for migrations, whose statements (an
   * index over a large table) may rightly run long.
   */
  unlimited?: boolean
}

/**
 * The time limits PostgreSQL applies to each connection, as startup parameters. The notification listener takes
 * the first two: it never opens a transaction, and its heartbeat is its own deadline.
 */
const statementLimits = {
  statement_timeout: sessionLimits.statementTimeoutMs,
  lock_timeout: sessionLimits.lockTimeoutMs,
}
const poolLimits = {
  ...statementLimits,
  idle_in_transaction_session_timeout: sessionLimits.idleInTransactionTimeoutMs,
  // Timed out, a connection is destroyed rather than reused (discardTimedOut.ts).
  query_timeout: sessionLimits.queryDeadlineMs,
}

const logIdleError = (error: Error) =>
  console.error(`A PostgreSQL connection was lost while idle and will be replaced: ${error.message}`)

/** PostgreSQL's type id of `date`. */
const dateType = 1082
/** A `date` as PostgreSQL writes it (YYYY-MM-DD); both drivers would make it a Date at a local midnight. */
const asText = (value: string) => value

/** Opens Kysely over PostgreSQL or embedded PGlite; `db.destroy()` closes the pool or the PGlite instance. */
export async function openDatabase(options: DatabaseOptions): Promise<Kysely<Database>> {
  const plugins = [new TemporalPlugin()]
  if (options.databaseUrl) {
    const connection = {
      connectionString: options.databaseUrl,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    }
    const pool = new pg.Pool({
      ...connection,
      ...(options.unlimited ? {} : poolLimits),
      application_name: options.applicationName ?? 'portal',
      max: 10,
      // A database that drops packets instead of refusing: a new connection gives up after 5 s (then 503,
      // server/plugins/errors.ts) rather than holding the request, and TCP keepalive finds a dead pooled one.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      types: {
        getTypeParser: ((type: number, format?: 'text' | 'binary') =>
          type === dateType ? asText : pg.types.getTypeParser(type, format)) as typeof pg.types.getTypeParser,
      },
    })
    pool.on('error', options.onIdleError ?? logIdleError)
    // A connection lost after the pool handed it out but before its query was sent (an idle one that died a
    // moment earlier) has no listener then, and its error would end the process: the query fails instead, and
    // the pool drops the connection when it comes back.
    pool.on('connect', (client) => client.on('error', () => undefined))
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: discardTimedOut(pool) }),
      plugins,
    })
    usePreparedStatements(db, pool)
    usePoolStats(db, pool)
    usePostgresNotifications(
      db,
      {
        ...connection,
        ...(options.unlimited ? {} : statementLimits),
        application_name: `${options.applicationName ?? 'portal'}-notifications`,
      },
      options.listenerTiming,
    )
    return db
  }
  if (options.pgliteDir) await mkdir(options.pgliteDir, { recursive: true })
  const pglite = await PGlite.create(options.pgliteDir ?? undefined, {
    parsers: { [dateType]: asText },
    ...(options.pgliteFrom ? { loadDataDir: options.pgliteFrom } : {}),
  })
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins })
  usePgliteNotifications(db, pglite)
  return db
}
