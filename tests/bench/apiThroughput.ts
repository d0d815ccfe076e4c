/**
 * API hot paths: a guardian's `GET api/passenger` and `GET api/passenger/{id}/trips` at 10 connections, and
 * the polled `POST api/trip/status` and `GET api/track/{link}` (a trip starting in 10 minutes, booked through the
 * operator API) at 50, on the real API host (its own process, demo data), under autocannon, against a bare
 * node:http server answering the very same bytes in the same run. Each poll is a full 200 answer, not a 304:
 * the dearer case. Budgets hold on PostgreSQL (when TEST_DATABASE_URL is set, on a fresh
 * database of its own); PGlite's figures are printed only, as it is single-threaded WASM. These back-to-back
 * rates are the front's cost per request, not how many pollers an instance serves: pollCapacity.ts measures that.
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
import autocannon from 'autocannon'
import pg from 'pg'
import { Temporal } from 'temporal-polyfill'
import { demoAccounts } from '../../server/demo/accounts'
import { demoOperatorKey } from '../../server/demo/operatorKeys'
import { startServer } from '../e2e/support/server'
import { recordResponse, type RecordedResponse } from './recordedResponse'
import { runWhenMain, type BenchReport } from './report'

const warmupSeconds = 1
/**
 * The machine is shared, so its load drifts during a run: the bare server and the API take turns in short
 * rounds, and each figure is the median round's.
 */
const rounds = 3
const roundSeconds = 2

/** What one line measures: a request and the budgets it is held to on PostgreSQL. */
interface Target {
  label: string
  path: string
  method: 'GET' | 'POST'
  body?: string
  connections: number
  ratioBudget: number
  p99BudgetMs: number
}

const reads = { connections: 10, ratioBudget: 0.25, p99BudgetMs: 30 }
const polls = { connections: 50, ratioBudget: 0.5, p99BudgetMs: 50 }

interface Load {
  requestsPerSecond: number
  p99Ms: number
  /** Answers that were not 2xx, and connection errors: a broken run, whatever its speed. */
  failed: number
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Alternating rounds against the bare server and the API; the median ratio, and the API's median round. */
async function compare(
  bareOrigin: string,
  apiOrigin: string,
  target: Target,
  headers: Record<string, string>,
) {
  await load(apiOrigin, target, headers, warmupSeconds)
  const results: { bare: Load; api: Load }[] = []
  for (let round = 0; round < rounds; round++) {
    results.push({
      bare: await load(bareOrigin, target, headers, roundSeconds),
      api: await load(apiOrigin, target, headers, roundSeconds),
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

async function load(
  origin: string,
  target: Target,
  headers: Record<string, string>,
  seconds: number,
): Promise<Load> {
  const result = await autocannon({
    url: `${origin}${target.path}`,
    method: target.method,
    headers: target.body ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(target.body ? { body: target.body } : {}),
    connections: target.connections,
    duration: seconds,
  })
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failed: result.non2xx + result.errors,
  }
}

/** The bare baseline in a process of its own; resolves with its origin, its process and a way to stop it. */
export async function startBareServer(responses: Record<string, RecordedResponse>, folder: string) {
  const file = join(folder, 'responses.json')
  await writeFile(file, JSON.stringify(responses))
  const child = spawn(process.execPath, ['--import', 'tsx', resolve('tests/bench/bareServer.ts'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [firstLine] = (await once(createInterface({ input: child.stdout }), 'line')) as [string]
  if (!firstLine) throw new Error('The bare server did not start')
  return {
    origin: `http://127.0.0.1:${Number(firstLine)}`,
    pid: child.pid!,
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

/**
 * A trip of the busiest passenger starting in 10 minutes, booked through the operator API with the demo key, so
 * it is inside its tracking window at any hour; returns its status request and the guardian's link to it.
 */
async function trackedTripTargets(origin: string, headers: Record<string, string>, tripsPath: string) {
  const passengerId = tripsPath.split('/')[3]!
  const tripId = `bench-${randomUUID()}`
  const start = Temporal.Now.zonedDateTimeISO('Europe/Helsinki').add({ minutes: 10 })
  const at = (zoned: Temporal.ZonedDateTime) =>
    zoned.toString({ timeZoneName: 'never', smallestUnit: 'second' })
  const place = (alias: string) => ({ alias, address: `${alias}katu 1, 02100 Espoo`, lat: 60.2, lng: 24.65 })
  const post = (path: string, body: unknown, extra: Record<string, string>) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { ...extra, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const operator = { 'x-api-key': demoOperatorKey('default') }
  const booked = await post(
    `/api/operator/trips/${tripId}/events`,
    {
      type: 'booked',
      passengerId,
      start: at(start),
      end: at(start.add({ minutes: 30 })),
      startAddress: place('Koti'),
      endAddress: place('Koulu'),
    },
    operator,
  )
  if (booked.status !== 200) throw new Error(`The bench trip was not booked: ${await booked.text()}`)
  const car = {
    name: 'Taksi 12',
    registerNumber: 'KLT-412',
    phone: '+358 40 712 3412',
    driverName: 'Jari Mäkinen',
  }
  await post(`/api/operator/trips/${tripId}/events`, { type: 'dispatched', car }, operator)
  const ref = { passengerId, tripId, date: start.toPlainDate().toString() }
  const linked = await post('/api/trip/trackingLink', ref, headers)
  if (linked.status !== 200) throw new Error(`No tracking link: ${await linked.text()}`)
  const { link } = (await linked.json()) as { link: string }
  return {
    status: {
      label: 'POST api/trip/status',
      path: '/api/trip/status',
      method: 'POST',
      body: JSON.stringify(ref),
    },
    track: { label: 'GET api/track/{link}', path: `/api/track/${link}`, method: 'GET' },
  } as const
}

/** A fresh PostgreSQL database for one run, dropped afterwards. */
export async function freshPostgres(baseUrl: string) {
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

/** A section on a fresh PostgreSQL database of its own (TEST_DATABASE_URL), or "not measured" without one. */
export async function onFreshPostgres(
  section: string,
  measure: (databaseUrl: string, report: BenchReport) => Promise<void>,
): Promise<BenchReport> {
  const report: BenchReport = { lines: [], failures: [] }
  const postgresUrl = process.env.TEST_DATABASE_URL
  if (!postgresUrl) {
    report.lines.push(`\n${section}: not measured, it needs PostgreSQL (set TEST_DATABASE_URL)`)
    return report
  }
  const database = await freshPostgres(postgresUrl)
  try {
    await measure(database.url, report)
  } finally {
    await database.drop()
  }
  return report
}

interface Backend {
  name: 'PGlite' | 'PostgreSQL'
  databaseUrl: string
  budgets: boolean
}

async function benchBackend(backend: Backend, lines: string[], failures: string[]): Promise<void> {
  const profileDir = process.env.BENCH_CPU_PROF
  const profileArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profileDir, backend.name)}`] : []
  // The tracking link's per-address limit is lifted: every bench connection comes from one address.
  const server = await startServer(
    {
      STATIC_DIR: 'none',
      HOST: '127.0.0.1',
      DATABASE_URL: backend.databaseUrl,
      TRACK_RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
    },
    profileArgs,
  )
  const folder = await mkdtemp(join(tmpdir(), 'bench-api-'))
  try {
    const origin = `http://127.0.0.1:${server.port}`
    const headers = { authorization: `Bearer ${await guardianToken(origin)}`, accept: 'application/json' }
    const tripsPath = await busiestPassengerTrips(origin, headers)
    const tracked = await trackedTripTargets(origin, headers, tripsPath)
    const targets: Target[] = [
      { label: 'GET api/passenger', path: '/api/passenger', method: 'GET', ...reads },
      { label: 'GET api/passenger/{id}/trips', path: tripsPath, method: 'GET', ...reads },
      { ...tracked.status, ...polls },
      { ...tracked.track, ...polls },
    ]
    const responses: Record<string, RecordedResponse> = {}
    for (const target of targets) {
      const init = target.body
        ? {
            method: target.method,
            headers: { ...headers, 'content-type': 'application/json' },
            body: target.body,
          }
        : { headers }
      responses[target.path] = await recordResponse(await fetch(`${origin}${target.path}`, init))
      if (responses[target.path]!.status !== 200)
        throw new Error(`${target.label}: ${responses[target.path]!.status}`)
    }
    const bare = await startBareServer(responses, folder)
    try {
      lines.push(`API on ${backend.name}, median of ${rounds} rounds of ${roundSeconds} s:`)
      for (const target of targets) {
        const api = await compare(bare.origin, origin, target, headers)
        const bytes = Buffer.byteLength(responses[target.path]!.body)
        const withinBudget = api.ratio >= target.ratioBudget && api.p99Ms <= target.p99BudgetMs
        const verdict = !backend.budgets
          ? ''
          : `  ${withinBudget ? 'OK' : 'OVER BUDGET'} (>= ${target.ratioBudget}x, p99 <= ${target.p99BudgetMs} ms)`
        lines.push(
          `  ${target.label.padEnd(28)} ${target.connections} conn ${Math.round(api.apiRate).toString().padStart(6)} req/s, ` +
            `p99 ${api.p99Ms} ms; bare ${Math.round(api.bareRate)} req/s; ` +
            `ratio ${api.ratio.toFixed(3)}x (${bytes} B)${verdict}`,
        )
        if (api.failed > 0)
          failures.push(`${backend.name} ${target.label}: ${api.failed} failed answers under load`)
        if (backend.budgets && !withinBudget) {
          failures.push(
            `${backend.name} ${target.label}: ratio ${api.ratio.toFixed(3)}x (budget ${target.ratioBudget}x), ` +
              `p99 ${api.p99Ms} ms (budget ${target.p99BudgetMs} ms)`,
          )
        }
      }
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

await runWhenMain(import.meta.url, benchApiThroughput)
