import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { openDatabase } from '../../../server/db/connect'
import { migrateToLatest } from '../../../server/db/migrate'
import type { Database } from '../../../server/db/schema'

export interface Backend {
  name: 'pglite' | 'postgres'
  databaseUrl: string | null
}

/** In-memory PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const backends: Backend[] = [
  { name: 'pglite', databaseUrl: null },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'postgres' as const, databaseUrl: process.env.TEST_DATABASE_URL }]
    : []),
]

export interface TestDatabase {
  db: Kysely<Database>
  /** The test's own schema on PostgreSQL (the connection's search path); null on PGlite. */
  schema: string | null
  /**
   * Another handle on the same data, as a second server instance has: on PostgreSQL a pool of its own, so
   * that concurrent work really runs on separate connections; PGlite has one connection, so `db` itself.
   * Closed by `drop()`.
   */
  connectAgain(): Promise<Kysely<Database>>
  /** Closes the database and, on PostgreSQL, drops the test's schema. */
  drop(): Promise<void>
}

/** A fresh, unmigrated database: in-memory PGlite, or a new schema of its own on PostgreSQL. */
export async function createEmptyDatabase(backend: Backend): Promise<TestDatabase> {
  if (!backend.databaseUrl) {
    const db = await openDatabase({ databaseUrl: null, pgliteDir: null })
    return { db, schema: null, connectAgain: async () => db, drop: () => db.destroy() }
  }
  const url = backend.databaseUrl
  const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 20)}`
  const admin = await openDatabase({ databaseUrl: url, pgliteDir: null })
  await sql`create schema ${sql.id(schema)}`.execute(admin)
  await admin.destroy()
  // Named by schema, so that a test can find its own connections among those of parallel test files.
  const applicationName = `portal-${schema}`
  const db = await openDatabase({ databaseUrl: url, pgliteDir: null, schema, applicationName })
  const others: Kysely<Database>[] = []
  return {
    db,
    schema,
    connectAgain: async () => {
      const other = await openDatabase({ databaseUrl: url, pgliteDir: null, schema, applicationName })
      others.push(other)
      return other
    },
    drop: async () => {
      for (const other of others) await other.destroy()
      await db.destroy()
      const cleanup = await openDatabase({ databaseUrl: url, pgliteDir: null })
      await sql`drop schema ${sql.id(schema)} cascade`.execute(cleanup)
      await cleanup.destroy()
    },
  }
}

export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  const database = await createEmptyDatabase(backend)
  await migrateToLatest(database.db, database.schema ?? undefined)
  return database
}
