/**
 * What a school day adds to the database, and what retention takes away again: one tenant's demo seed, then the
 * demo simulator played over a school day, 06:00 to 18:00 in Helsinki with a tick every 15 s as it runs live (the
 * morning and afternoon school trips, the guardian's trip every half hour, cars reporting their positions, the
 * operator's messages), its own ticks (`simulateTenant`) at simulated times. Prints the rows each table gained,
 * their bytes, and the bytes on disk (with indexes and TOAST, in 8 KB pages, old row versions included until
 * vacuumed), per trip that moved too, and what is left once retention has run 50 days later; a car location left then is a failure. On PostgreSQL when TEST_DATABASE_URL is set (a
 * fresh schema), else on PGlite.
 *
 * `npx tsx tests/bench/schoolDay.ts` runs it alone.
 */
import { sql, type Kysely } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import type { Database } from '../../server/db/schema'
import { tenantDb } from '../../server/db/tenantDb'
import { demoTimeZone } from '../../server/demo/schedule'
import { seedDemoData } from '../../server/demo/seed'
import { retentionConfigFrom } from '../../server/config/retentionConfig'
import { runRetention } from '../../server/retention/retention'
import { simulateTenant } from '../../server/simulator/simulator'
import { createTestDatabase, type Backend } from '../server/support/database'
import { onOneBackend, runWhenMain } from './oneBackend'
import { kb, type BenchReport } from './report'

const tenant = 'espoo'
const tick = Temporal.Duration.from({ seconds: 15 })
const dayHours = { from: 6, to: 18 }
/** When retention runs after the day: past the 30 days' positions of every trip the seed made (two weeks ahead). */
const retentionAfter = Temporal.Duration.from({ hours: 50 * 24 })

interface TableFigures {
  rows: number
  /** The live rows' own bytes (pg_column_size): what the table keeps once vacuum has reused the rest. */
  rowBytes: number
  /** On disk: the table with its indexes and TOAST, in 8 KB pages, old row versions included until vacuumed. */
  diskBytes: number
}

const figureNames = ['rows', 'rowBytes', 'diskBytes'] as const

/** Every table of the schema with its exact row count, its rows' bytes and its size on disk. */
async function tableFigures(db: Kysely<Database>): Promise<Map<string, TableFigures>> {
  const tables = await sql<{ name: string; bytes: string }>`
    select c.relname as name, pg_total_relation_size(c.oid)::text as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r' and c.relname not like 'kysely_%'
    order by c.relname`.execute(db)
  const figures = new Map<string, TableFigures>()
  for (const { name, bytes } of tables.rows) {
    const table = sql.table(name)
    const live = await sql<{ rows: number; bytes: string }>`
      select count(*)::int as rows, coalesce(sum(pg_column_size(t.*)), 0)::text as bytes
      from ${table} t`.execute(db)
    const { rows, bytes: rowBytes } = live.rows[0]!
    figures.set(name, { rows, rowBytes: Number(rowBytes), diskBytes: Number(bytes) })
  }
  return figures
}

/** The next weekday from today (today itself when it is one), in Helsinki: a day with school trips. */
function schoolDay(): Temporal.PlainDate {
  let date = Temporal.Now.plainDateISO(demoTimeZone)
  while (date.dayOfWeek > 5) date = date.add({ days: 1 })
  return date
}

const at = (date: Temporal.PlainDate, hour: number) =>
  date.toZonedDateTime({ timeZone: demoTimeZone, plainTime: { hour } }).toInstant()

/** Car locations still in the log (a trip never finished keeps its last position event, without one). */
async function locationsLeft(db: Kysely<Database>): Promise<number> {
  const result = await sql<{ n: number }>`
    select count(*)::int as n from trip_events
    where type = 'position' and payload->'location' <> 'null'::jsonb`.execute(db)
  return result.rows[0]!.n
}

async function benchDay(backend: Backend, label: string, report: BenchReport): Promise<void> {
  const database = await createTestDatabase(backend)
  try {
    const { db } = database
    const date = schoolDay()
    const start = at(date, dayHours.from)
    await seedDemoData(db, start, [tenant])
    const before = await tableFigures(db)
    const scoped = tenantDb(db, tenant)
    const began = performance.now()
    for (let now = start; Temporal.Instant.compare(now, at(date, dayHours.to)) < 0; now = now.add(tick)) {
      await simulateTenant(scoped, now)
    }
    const seconds = (performance.now() - began) / 1000
    const after = await tableFigures(db)
    const moved = await sql<{ trips: number; events: number }>`
      select count(distinct trip_id)::int as trips, count(*)::int as events from trip_events
      where occurred_at >= ${start} and occurred_at < ${at(date, dayHours.to)}`.execute(db)
    const { trips, events } = moved.rows[0]!

    report.lines.push(
      `School day on ${label}: ${tenant}'s demo on ${date.toString()}, ${dayHours.from}:00-${dayHours.to}:00, ` +
        `a tick every ${tick.total('seconds')} s (played in ${seconds.toFixed(1)} s): ${trips} trips moved, ${events} events`,
    )
    const row = (name: string, figures: TableFigures) =>
      `  ${name.padEnd(16)} ${String(figures.rows).padStart(6)} ${kb(figures.rowBytes).padStart(10)} ${kb(figures.diskBytes).padStart(10)}`
    report.lines.push(
      `  ${'added'.padEnd(16)} ${'rows'.padStart(6)} ${'row bytes'.padStart(10)} ${'on disk'.padStart(10)}`,
    )
    const total: TableFigures = { rows: 0, rowBytes: 0, diskBytes: 0 }
    for (const [name, figures] of after) {
      const was = before.get(name)
      const added = { rows: 0, rowBytes: 0, diskBytes: 0 }
      for (const figure of figureNames) {
        added[figure] = figures[figure] - (was?.[figure] ?? 0)
        total[figure] += added[figure]
      }
      if (figureNames.some((figure) => added[figure] !== 0)) report.lines.push(row(name, added))
    }
    report.lines.push(row('together', total))
    if (trips > 0) {
      const perTrip = (figure: (typeof figureNames)[number]) => total[figure] / trips
      report.lines.push(
        `  per trip moved: ${perTrip('rows').toFixed(0)} rows, ${kb(perTrip('rowBytes'))} of rows, ` +
          `${kb(perTrip('diskBytes'))} on disk (before vacuum reuses old row versions)`,
      )
    }

    const retentionAt = start.add(retentionAfter)
    const counts = await runRetention(db, retentionConfigFrom({}), { now: retentionAt })
    const remaining = (await tableFigures(db)).get('trip_events')!
    const left = await locationsLeft(db)
    report.lines.push(
      `  retention ${retentionAfter.total('days')} days on (positions kept 30 days): ${counts.positions} positions ` +
        `of ${counts.trips} trips deleted, trip_events ${after.get('trip_events')!.rows} -> ${remaining.rows} rows ` +
        `(${kb(after.get('trip_events')!.rowBytes)} -> ${kb(remaining.rowBytes)}); car locations left ${left}: ` +
        `${left === 0 ? 'OK' : 'FAILED'}`,
    )
    if (left > 0)
      report.failures.push(`${label}: retention left ${left} car locations of trips ended long ago`)
  } finally {
    await database.drop()
  }
}

/** The school day on PostgreSQL when TEST_DATABASE_URL is set (what production runs), else on PGlite. */
export const benchSchoolDay = (): Promise<BenchReport> => onOneBackend([], benchDay)

await runWhenMain(import.meta.url, benchSchoolDay)
