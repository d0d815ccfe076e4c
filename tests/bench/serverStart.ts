/**
 * The production server's start and idle memory: the compiled API host (`server/launch.mjs`, as `npm start` runs
 * it; compiled beforehand) started `runs` times on a database a first, uncounted start migrated and seeded, in
 * demo mode with the simulator off: the time from spawning node to the first 200 of `/ready`, and the
 * process's resident memory (VmRSS) after `idleSeconds` with no request. On PostgreSQL (a fresh database, when
 * TEST_DATABASE_URL is set) and on PGlite (a data folder). Printed only: both depend on the machine's load.
 *
 * `npx tsx tests/bench/serverStart.ts` runs it alone.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startServer } from '../e2e/support/server'
import { freshPostgres } from './apiThroughput'
import { median, type BenchReport } from './report'

const runs = 5
const idleSeconds = 10

async function residentMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) / 1024
}

async function measure(name: string, env: Record<string, string>, lines: string[]): Promise<void> {
  const settings = { ...env, STATIC_DIR: 'none', DEMO_SIMULATOR: 'off' }
  await (await startServer(settings)).stop()
  const starts: number[] = []
  const resident: number[] = []
  for (let run = 0; run < runs; run++) {
    const spawned = performance.now()
    const server = await startServer(settings)
    try {
      starts.push(performance.now() - spawned)
      await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000))
      resident.push(await residentMegabytes(server.pid))
    } finally {
      await server.stop()
    }
  }
  const spread = (values: number[], digits: number) =>
    `median ${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)} to ${Math.max(...values).toFixed(digits)})`
  lines.push(
    `  ${name}: ${spread(
      starts.map((ms) => ms / 1000),
      1,
    )} s to ready; ` + `${spread(resident, 0)} MB resident after ${idleSeconds} s idle`,
  )
}

export async function benchServerStart(): Promise<BenchReport> {
  const lines = [`Server start, compiled, demo data, median of ${runs} starts:`]
  const postgresUrl = process.env.TEST_DATABASE_URL
  if (postgresUrl) {
    const database = await freshPostgres(postgresUrl)
    try {
      await measure('PostgreSQL', { DATABASE_URL: database.url }, lines)
    } finally {
      await database.drop()
    }
  } else {
    lines.push('  PostgreSQL: skipped (set TEST_DATABASE_URL)')
  }
  const folder = await mkdtemp(join(tmpdir(), 'bench-start-'))
  try {
    await measure('PGlite', { PGLITE_DIR: folder }, lines)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
  return { lines, failures: [] }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log((await benchServerStart()).lines.join('\n'))
}
