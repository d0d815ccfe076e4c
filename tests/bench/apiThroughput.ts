/**
 * API hot paths: a guardian's `GET api/passenger` and `GET api/passenger/{id}/trips` on the real API host
 * (its own process, demo data), under autocannon at 10 connections, against a bare node:http server answering
 * the very same bytes in the same run. Budgets hold on PostgreSQL (when TEST_DATABASE_URL is set, on a fresh
 * database of its own); PGlite's figures are printed only, as it is single-threaded WASM.
 *
 * `npx tsx tests/bench/apiThroughput.ts` runs it alone and exits 1 when a budget is broken. With
 * BENCH_CPU_PROF=<folder> the API host writes V8 CPU profiles of each run to <folder>/<database> (one per thread;
 * the largest is the main thread's; open it in Chrome DevTools).
 */
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { demoAccounts } from '../../server/demo/accounts'
import { startServer } from '../e2e/support/server'
import { recordResponse, type RecordedResponse } from './recordedResponse'
import type { BenchReport } from './report'

const connections = 10
const warmupSeconds = 1
/**
 * The machine is shared, so its load drifts during a run: the bare server and the API take turns in short
 * rounds, and each figure is the median round's.
 */
const rounds = 3
const roundSeconds = 2
export const ratioBudget = 0.25
export const p99BudgetMs = 30

interface Load {
  requestsPerSecond: number
  p99Ms: number
  /** Answers that were not 2xx, and connection errors: a broken run, whatever its speed. */
  failed: number
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Alternating rounds against the bare server and the API; the median ratio, and the API's median round. */
async function compare(bareUrl: string, apiUrl: string, headers: Record<string, string>) {
  await load(apiUrl, headers, warmupSeconds)
  const results: { bare: Load; api: Load }[] = []
  for (let round = 0; round < rounds; round++) {
    results.push({
      bare: await load(bareUrl, headers, roundSeconds),
      api: await load(apiUrl, headers, roundSeconds),
    })
  }
  return {
    bareRate: median(results.map((result) => result.bare.requestsPerSecond)),
    apiRate: median(results.map((result) => result.api.requestsPerSecond)),
    ratio: median(results.map((result) => result.api.requestsPerSecond / result.bare.requestsPerSecond)),
    p99Ms: median(results.map((result) => result.api.p99Ms)),
    failed: results.reduce((sum, result) => sum + result.api.failed, 0),
  }
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const result = await autocannon({ url, headers, connections, duration: seconds })
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failed: result.non2xx + result.errors,
  }
}

/** The bare baseline in a process of its own; resolves with its origin and a way to stop it. */
async function startBareServer(responses: Record<string, RecordedResponse>, folder: string) {
  const file = join(folder, 'responses.json')
  await writeFile(file, JSON.stringify(responses))
  const child = spawn(process.execPath, ['--import', 'tsx', resolve('tests/bench/bareServer.ts'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [firstLine] = (await once(createInterface({ input: child.stdout }), 'line')) as [string]
  if (!firstLine) throw new Error('The bare server did not start')
  return {
    origin: `http://127.0.0.1:${Number(firstLine)}`,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done())
        child.kill('SIGTERM')
      }),
  }
}

/** Signs the demo guardian in through the real login form and exchanges the session for an access token. */
async function guardianToken(origin: string): Promise<string> {
  const { userName, password } = demoAccounts.guardian
  const login = await fetch(`${origin}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin,
      'sec-fetch-site': 'same-origin',
    },
    body: new URLSearchParams({ username: userName, password }).toString(),
  })
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ')
  if (login.status !== 303 || !cookie) throw new Error(`The demo guardian could not sign in: ${login.status}`)
  const answer = await fetch(`${origin}/api/auth/access_token`, { headers: { cookie } })
  const { accessToken } = (await answer.json()) as { accessToken: string | null }
  if (!accessToken) throw new Error('No access token for the demo guardian')
  return accessToken
}

/** The guardian's passenger with the most trips, so that the trip list is the largest the demo has. */
async function busiestPassengerTrips(origin: string, headers: Record<string, string>): Promise<string> {
  const passengers = (await (await fetch(`${origin}/api/passenger`, { headers })).json()) as { id: string }[]
  let busiest = { path: '', trips: -1 }
  for (const passenger of passengers) {
    const path = `/api/passenger/${passenger.id}/trips`
    const trips = (await (await fetch(`${origin}${path}`, { headers })).json()) as unknown[]
    if (trips.length > busiest.trips) busiest = { path, trips: trips.length }
  }
  if (busiest.trips < 1) throw new Error('The demo guardian has no trips')
  return busiest.path
}

/** A fresh PostgreSQL database for one run, dropped afterwards. */
async function freshPostgres(baseUrl: string) {
  const name = `bench_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

interface Backend {
  name: 'PGlite' | 'PostgreSQL'
  databaseUrl: string
  budgets: boolean
}

async function benchBackend(backend: Backend, lines: string[], failures: string[]): Promise<void> {
  const profileDir = process.env.BENCH_CPU_PROF
  const profileArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profileDir, backend.name)}`] : []
  const server = await startServer(
    { STATIC_DIR: 'none', HOST: '127.0.0.1', DATABASE_URL: backend.databaseUrl },
    profileArgs,
  )
  const folder = await mkdtemp(join(tmpdir(), 'bench-api-'))
  try {
    const origin = `http://127.0.0.1:${server.port}`
    const headers = { authorization: `Bearer ${await guardianToken(origin)}`, accept: 'application/json' }
    const paths = {
      'GET api/passenger': '/api/passenger',
      'GET api/passenger/{id}/trips': await busiestPassengerTrips(origin, headers),
    }
    const responses: Record<string, RecordedResponse> = {}
    for (const path of Object.values(paths))
      responses[path] = await recordResponse(await fetch(`${origin}${path}`, { headers }))
    const bare = await startBareServer(responses, folder)
    try {
      lines.push(
        `API reads on ${backend.name}, ${connections} connections, median of ${rounds} rounds of ${roundSeconds} s:`,
      )
      for (const [label, path] of Object.entries(paths)) {
        const api = await compare(`${bare.origin}${path}`, `${origin}${path}`, headers)
        const bytes = Buffer.byteLength(responses[path]!.body)
        const withinBudget = api.ratio >= ratioBudget && api.p99Ms <= p99BudgetMs
        const verdict = !backend.budgets ? '' : withinBudget ? '  OK' : '  OVER BUDGET'
        lines.push(
          `  ${label.padEnd(28)} ${Math.round(api.apiRate).toString().padStart(6)} req/s, ` +
            `p99 ${api.p99Ms} ms; bare ${Math.round(api.bareRate)} req/s; ` +
            `ratio ${api.ratio.toFixed(3)}x (${bytes} B)${verdict}`,
        )
        if (api.failed > 0) failures.push(`${backend.name} ${label}: ${api.failed} failed answers under load`)
        if (backend.budgets && !withinBudget) {
          failures.push(
            `${backend.name} ${label}: ratio ${api.ratio.toFixed(3)}x (budget ${ratioBudget}x), ` +
              `p99 ${api.p99Ms} ms (budget ${p99BudgetMs} ms)`,
          )
        }
      }
      if (backend.budgets) lines.push(`  budgets: ratio >= ${ratioBudget}x and p99 <= ${p99BudgetMs} ms`)
    } finally {
      await bare.stop()
    }
  } finally {
    await server.stop()
    await rm(folder, { recursive: true, force: true })
  }
}

/** Runs on PGlite always and on PostgreSQL when TEST_DATABASE_URL is set; `failures` lists broken budgets. */
export async function benchApiThroughput(): Promise<BenchReport> {
  const lines: string[] = []
  const failures: string[] = []
  await benchBackend({ name: 'PGlite', databaseUrl: '', budgets: false }, lines, failures)
  const postgresUrl = process.env.TEST_DATABASE_URL
  if (postgresUrl) {
    const database = await freshPostgres(postgresUrl)
    try {
      await benchBackend({ name: 'PostgreSQL', databaseUrl: database.url, budgets: true }, lines, failures)
    } finally {
      await database.drop()
    }
  } else {
    lines.push('PostgreSQL: skipped (set TEST_DATABASE_URL to measure it against the budgets)')
  }
  return { lines, failures }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { lines, failures } = await benchApiThroughput()
  console.log(lines.join('\n'))
  if (failures.length > 0) {
    console.error(`\nBudgets broken:\n  ${failures.join('\n  ')}`)
    process.exit(1)
  }
}
