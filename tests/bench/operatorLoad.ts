/**
 * A city's two weeks loaded as an operator's system loads them: 10,000 passengers, 20,000 saved places (home and
 * school, with coordinates) and 100,000 booked trips (one a weekday each), sent through the HTTP API's bulk call
 * (`POST api/operator/bulk`, 1,000 items a request, two requests at a time) to the real API host, compiled, on a
 * fresh PostgreSQL database. The floor, measured in the same run: the very rows the load wrote, read back and
 * inserted into a second fresh database with one multi-row insert per table (`jsonb_populate_recordset`), its
 * triggers and indexes the same. Budget: the load at least half as fast as the floor.
 *
 * `npx tsx tests/bench/operatorLoad.ts` runs it alone (TEST_DATABASE_URL names the PostgreSQL server;
 * BENCH_CPU_PROF=<dir> writes the host's CPU profile there).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import { openDatabase } from '../../server/db/connect'
import { migrateToLatest } from '../../server/db/migrate'
import { startServer } from '../e2e/support/server'
import { freshPostgres, onFreshPostgres } from './apiThroughput'
import { against, runWhenMain, type BenchReport } from './report'

const tenant = 'espoo'
const passengers = 10_000
const weekdays = 10
const itemsPerRequest = 1_000
const concurrency = 2
/** The load's speed as a share of the floor's, at least. */
const budgetRatio = 0.5
/** What the load writes, in the order a foreign key needs them. */
const tables = ['passengers', 'places', 'trip_events', 'trips'] as const

const centre = { latitude: 60.2055, longitude: 24.6559 }
const address = (street: string, number: number) => `${street} ${(number % 60) + 1}, 02100 Espoo`

function passengerItems(index: number) {
  const ref = `P${String(index).padStart(6, '0')}`
  const home = {
    alias: 'Koti',
    address: address('Koivukuja', index),
    lat: centre.latitude + (index % 100) / 1000,
    lng: centre.longitude + (index % 70) / 1000,
  }
  const school = {
    alias: 'Koulu',
    address: address('Koulukatu', index % 40),
    lat: centre.latitude,
    lng: centre.longitude,
  }
  const place = (externalRef: string, at: typeof home, flags: Record<string, boolean>) => ({
    type: 'place' as const,
    passengerRef: ref,
    externalRef,
    alias: at.alias,
    address: at.address,
    latitude: at.lat,
    longitude: at.lng,
    ...flags,
  })
  return {
    ref,
    home,
    school,
    items: [
      { type: 'passenger' as const, externalRef: ref, name: `Oppilas ${index}`, phone: null, language: 'fi' },
      place('home', home, { isHome: true, isPickup: true }),
      place('school', school, { isMain: true }),
    ],
  }
}

/** The next ten weekdays from next Monday in Helsinki, each with a trip to school or home for every passenger. */
function tripItems(passenger: ReturnType<typeof passengerItems>, index: number, monday: Temporal.PlainDate) {
  const items: unknown[] = []
  for (let day = 0, added = 0; added < weekdays; day++) {
    const date = monday.add({ days: day })
    if (date.dayOfWeek > 5) continue
    const toSchool = (index + added) % 2 === 0
    const start = date
      .toZonedDateTime({ timeZone: 'Europe/Helsinki', plainTime: toSchool ? '07:30' : '14:15' })
      .add({ minutes: index % 30 })
    const [from, to] = toSchool ? [passenger.home, passenger.school] : [passenger.school, passenger.home]
    items.push({
      type: 'tripEvent',
      tripId: `T${String(index).padStart(6, '0')}-${date.toString()}`,
      event: {
        type: 'booked',
        passengerRef: passenger.ref,
        start: start.toInstant().toString(),
        end: start.add({ minutes: 25 }).toInstant().toString(),
        startAddress: from,
        endAddress: to,
        startPlaceRef: toSchool ? 'home' : 'school',
        endPlaceRef: toSchool ? 'school' : 'home',
      },
    })
    added++
  }
  return items
}

function cityItems(): { masterData: unknown[]; trips: unknown[] } {
  const today = Temporal.Now.plainDateISO('Europe/Helsinki')
  const monday = today.add({ days: 8 - today.dayOfWeek })
  const masterData: unknown[] = []
  const trips: unknown[] = []
  for (let index = 0; index < passengers; index++) {
    const passenger = passengerItems(index)
    masterData.push(...passenger.items)
    trips.push(...tripItems(passenger, index, monday))
  }
  return { masterData, trips }
}

/**
 * Requests of at most `itemsPerRequest` items, each a whole number of `group`s: two requests run at once, so a
 * passenger's places go in the request that writes the passenger.
 */
const chunks = <T>(items: readonly T[], group: number) => {
  const size = itemsPerRequest - (itemsPerRequest % group)
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  )
}

/** Sends the items in bulk requests, `concurrency` at a time; throws on any item that was not written. */
async function load(origin: string, key: string, items: readonly unknown[], group = 1): Promise<void> {
  const queue = chunks(items, group)
  const worker = async () => {
    for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
      const response = await fetch(`${origin}/${tenant}/api/operator/bulk`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
        body: JSON.stringify({ items: chunk }),
      })
      if (!response.ok) throw new Error(`bulk answered ${response.status}: ${await response.text()}`)
      const { results } = (await response.json()) as { results: { status: number }[] }
      const failed = results.filter((result) => result.status >= 400)
      if (failed.length > 0) throw new Error(`${failed.length} items failed: ${JSON.stringify(failed[0])}`)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
}

/** The floor: the rows the load wrote, one multi-row insert per table into a fresh database. */
async function floorSeconds(loadedUrl: string): Promise<number> {
  const loaded = await openDatabase({ databaseUrl: loadedUrl, pgliteDir: null, unlimited: true })
  const target = await freshPostgres(process.env.TEST_DATABASE_URL!)
  const floor = await openDatabase({ databaseUrl: target.url, pgliteDir: null, unlimited: true })
  try {
    await migrateToLatest(floor)
    const rows = new Map<string, string>()
    for (const table of tables) {
      const result = await sql<{ rows: string }>`
        select coalesce(json_agg(t), '[]')::text as rows from ${sql.table(table)} t`.execute(loaded)
      rows.set(table, result.rows[0]!.rows)
    }
    const started = performance.now()
    for (const table of tables) {
      await sql`insert into ${sql.table(table)}
        select * from jsonb_populate_recordset(null::${sql.table(table)}, (${rows.get(table)}::text)::jsonb)`.execute(
        floor,
      )
    }
    return (performance.now() - started) / 1000
  } finally {
    await floor.destroy()
    await loaded.destroy()
    await target.drop()
  }
}

export function benchOperatorLoad(): Promise<BenchReport> {
  return onFreshPostgres('operatorLoad', async (databaseUrl, report) => {
    const key = `bench-operator-${randomUUID()}`
    // BENCH_CPU_PROF=<dir>: the host's CPU profile, to see where a load's time goes.
    const profileDir = process.env.BENCH_CPU_PROF
    const server = await startServer(
      {
        STATIC_DIR: 'none',
        HOST: '127.0.0.1',
        DEMO: 'false',
        EMAIL: 'off',
        DATABASE_URL: databaseUrl,
        OPERATOR_API_KEYS: `${tenant}=${key}`,
      },
      profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    )
    const { masterData, trips } = cityItems()
    let loadSeconds: number
    let masterSeconds: number
    try {
      const origin = `http://127.0.0.1:${server.port}`
      const started = performance.now()
      await load(origin, key, masterData, 3)
      masterSeconds = (performance.now() - started) / 1000
      await load(origin, key, trips)
      loadSeconds = (performance.now() - started) / 1000
    } finally {
      await server.stop()
    }
    const floor = await floorSeconds(databaseUrl)
    const ratio = floor / loadSeconds
    report.lines.push(
      `\noperatorLoad: ${passengers.toLocaleString('en-US')} passengers, ${(passengers * 2).toLocaleString('en-US')} places, ${trips.length.toLocaleString('en-US')} trips through POST api/operator/bulk on PostgreSQL`,
      `  ${loadSeconds.toFixed(1).padStart(7)} s  through the API (${Math.round((masterData.length + trips.length) / loadSeconds).toLocaleString('en-US')} items/s)`,
      `  ${masterSeconds.toFixed(1).padStart(7)} s  of it the passengers and places, ${(loadSeconds - masterSeconds).toFixed(1)} s the trips`,
      `  ${floor.toFixed(1).padStart(7)} s  the floor: the same rows, one multi-row insert per table`,
    )
    against(
      report,
      'load speed against the floor',
      `${ratio.toFixed(2)}x`,
      `at least ${budgetRatio}x`,
      ratio >= budgetRatio,
    )
  })
}

await runWhenMain(import.meta.url, benchOperatorLoad)
