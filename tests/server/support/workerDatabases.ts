import pg from 'pg'
import type { TestProject } from 'vitest/node'

/**
 * TEST_DATABASE_URL with the database of one test worker: `test` becomes `test_w1`, `test_w2`, ... Files in one
 * worker run one after another, each in a schema of its own; two workers never share a database, because
 * Kysely's migrator looks up every schema of the database by name (has_schema_privilege), which fails when a
 * parallel file drops its schema at that moment.
 */
export function workerDatabaseUrl(base: string, worker: string | number): string {
  const url = new URL(base)
  url.pathname = `${url.pathname.slice(1)}_w${worker}`
  return url.toString()
}

/** The server suite's global setup: a fresh database for each worker, dropped after the run. */
export default async function makeWorkerDatabases(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL
  if (!base) return
  const workers = Number(project.config.maxWorkers) || 1
  const names = Array.from({ length: workers }, (_, index) => new URL(workerDatabaseUrl(base, index + 1)))
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  const drop = async () => {
    for (const url of names)
      await admin.query(`drop database if exists "${url.pathname.slice(1)}" with (force)`)
  }
  await drop()
  for (const url of names) await admin.query(`create database "${url.pathname.slice(1)}"`)
  return async () => {
    await drop()
    await admin.end()
  }
}
