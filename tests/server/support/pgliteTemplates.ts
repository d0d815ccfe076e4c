import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PGliteDialect } from 'kysely'
import type { TestProject } from 'vitest/node'
import { migrateToLatest } from '../../../server/db/migrate'
import type { Database } from '../../../server/db/schema'

/** Where the server suite's PGlite templates are: data folders dumped by `dumpDataDir`, as files. */
export interface PgliteTemplates {
  /** A new cluster with nothing in it, for the tests of migrations themselves. */
  empty: string
  /** The same, migrated to the latest schema: what nearly every test starts from. */
  migrated: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplates: PgliteTemplates
  }
}

/**
 * The suite's global setup: a new PGlite cluster takes seconds (initdb in WebAssembly), loading a dumped one a
 * fraction of that, and the suite opens well over a hundred. Made once per run, so always of the current
 * migrations.
 */
export default async function makePgliteTemplates(project: TestProject) {
  const folder = await mkdtemp(join(tmpdir(), 'portal-pglite-'))
  const pglite = await PGlite.create()
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) })
  const dump = async (name: string) => {
    const file = join(folder, `${name}.tar`)
    await writeFile(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()))
    return file
  }
  const empty = await dump('empty')
  await migrateToLatest(db)
  const migrated = await dump('migrated')
  await db.destroy()
  project.provide('pgliteTemplates', { empty, migrated })
  return () => rm(folder, { recursive: true, force: true })
}
