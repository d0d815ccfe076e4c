import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { sql, type Kysely } from 'kysely'
import { inject } from 'vitest'
import { openDatabase } from '../../../server/db/connect'
import { migrateToLatest } from '../../../server/db/migrate'
import type { Database } from '../../../server/db/schema'
import type { PgliteTemplates } from './pgliteTemplates'
import { workerDatabaseUrl } from './workerDatabases'

export interface Backend {
  name: 'pglite' | 'postgres'
  databaseUrl: string | null
}

/** This worker's PostgreSQL database (tests/server/support/workerDatabases.ts), when TEST_DATABASE_URL is set. */
export const postgresUrl = process.env.TEST_DATABASE_URL
  ? workerDatabaseUrl(process.env.TEST_DATABASE_URL, process.env.VITEST_POOL_ID ?? 1)
  : null

/** In-memory PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const backends: Backend[] = [
  { name: 'pglite', databaseUrl: null },
  ...(postgresUrl ? [{ name: 'postgres' as const, databaseUrl: postgresUrl }] : []),
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

const templates = new Map<keyof PgliteTemplates, Promise<Blob>>()

/** The suite's PGlite template of that name (tests/server/support/pgliteTemplates.ts), read once per file. */
function pgliteTemplate(name: keyof PgliteTemplates): Promise<Blob> {
  let template = templates.get(name)
  if (!template) {
    template = readFile(inject('pgliteTemplates')[name]).then((bytes) => new Blob([bytes]))
    templates.set(name, template)
  }
  return template
}

async function openPglite(template: keyof PgliteTemplates): Promise<TestDatabase> {
  const db = await openDatabase({
    databaseUrl: null,
    pgliteDir: null,
    pgliteFrom: await pgliteTemplate(template),
  })
  return { db, schema: null, connectAgain: async () => db, drop: () => db.destroy() }
}

/** A fresh, unmigrated database: in-memory PGlite, or a new schema of its own on PostgreSQL. */
export async function createEmptyDatabase(backend: Backend): Promise<TestDatabase> {
  if (!backend.databaseUrl) return openPglite('empty')
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

/** A fresh database migrated to the latest schema. */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (!backend.databaseUrl) return openPglite('migrated')
  const database = await createEmptyDatabase(backend)
  await migrateToLatest(database.db, database.schema ?? undefined)
  return database
}
