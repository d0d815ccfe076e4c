import { pathToFileURL } from 'node:url'
import type { Kysely } from 'kysely'
import { openDatabase } from '../../server/db/connect'
import { migrateToLatest } from '../../server/db/migrate'
import type { Database } from '../../server/db/schema'
import { createTestDatabase, type Backend } from '../server/support/database'
import type { BenchReport } from './report'

type Measure = (backend: Backend, label: string, report: BenchReport) => Promise<void>

/** A section measured on PostgreSQL when TEST_DATABASE_URL is set (what production runs), else on PGlite. */
export async function onOneBackend(lines: string[], measure: Measure): Promise<BenchReport> {
  const report: BenchReport = { lines, failures: [] }
  const postgresUrl = process.env.TEST_DATABASE_URL
  if (postgresUrl) await measure({ name: 'postgres', databaseUrl: postgresUrl }, 'PostgreSQL', report)
  else
    await measure(
      { name: 'pglite', databaseUrl: null },
      'PGlite (set TEST_DATABASE_URL for PostgreSQL)',
      report,
    )
  return report
}

/**
 * A migrated database of the section's own: a fresh schema on PostgreSQL, or PGlite in memory opened here (the
 * test helper's PGlite templates need Vitest).
 */
export async function benchDatabase(
  backend: Backend,
): Promise<{ db: Kysely<Database>; drop(): Promise<void> }> {
  if (backend.databaseUrl) return createTestDatabase(backend)
  const db = await openDatabase({ databaseUrl: null, pgliteDir: null })
  await migrateToLatest(db)
  return { db, drop: () => db.destroy() }
}

/** Runs a section on its own when its file is the one run (`npx tsx tests/bench/<section>.ts`). */
export async function runWhenMain(moduleUrl: string, section: () => Promise<BenchReport>): Promise<void> {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return
  const { lines, failures } = await section()
  console.log(lines.join('\n'))
  if (failures.length > 0) {
    console.error(`\nFailed:\n  ${failures.join('\n  ')}`)
    process.exit(1)
  }
}
