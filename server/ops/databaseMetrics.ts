import { Temporal } from 'temporal-polyfill'
import { poolStatsOf } from '../db/poolStats'
import type { Db } from '../db/schema'
import { staleClaimAfter } from '../idempotency/idempotency'
import type { VersionWatch } from '../reads/versionWatch'
import type { Metrics } from './metrics'

/**
 * How far back the keys in flight are counted: through the index on `created_at`, since the table holds 30 days
 * of answered keys and a scrape must not read them all. A claim lives seconds; a stale one (its run died with
 * its instance) is taken over by the client's next retry, within minutes of the client coming back.
 */
export const inFlightWindow = Temporal.Duration.from({ hours: 1 })

/** Idempotency keys claimed and not answered yet, in every tenant: running now, and left by a dead run. */
async function keysInFlight(db: Db) {
  const now = Temporal.Now.instant()
  const staleBefore = now.subtract(staleClaimAfter)
  const counts = await db
    .selectFrom('idempotency_keys')
    .select((eb) => [
      eb.fn.countAll<string | number>().filterWhere('claimed_at', '>=', staleBefore).as('live'),
      eb.fn.countAll<string | number>().filterWhere('claimed_at', '<', staleBefore).as('stale'),
    ])
    .where('state', '=', 'in_flight')
    .where('created_at', '>=', now.subtract(inFlightWindow))
    .executeTakeFirstOrThrow()
  return [
    { labels: { claim: 'live' }, value: Number(counts.live) },
    { labels: { claim: 'stale' }, value: Number(counts.stale) },
  ]
}

/** How many days back cancellations past their deadline are counted, through the index on unreceived ones. */
export const overdueDays = 7

/**
 * Guardians' cancellations whose deadline passed in the last week with no receipt from the dispatch system, per
 * tenant: each guardian was told to call so that the car does not come.
 */
async function overdueCancellations(db: Db) {
  const now = Temporal.Now.instant()
  const rows = await db
    .selectFrom('operator_changes')
    .select((eb) => ['tenant_id', eb.fn.countAll<string | number>().as('count')])
    .where('received_at', 'is', null)
    .where('acknowledge_by', '<', now)
    .where('acknowledge_by', '>=', now.subtract({ hours: overdueDays * 24 }))
    .groupBy('tenant_id')
    .execute()
  return rows.map((row) => ({ labels: { tenant: row.tenant_id }, value: Number(row.count) }))
}

const poolGauges = [
  ['portal_db_pool_connections', 'Open connections', 'total'],
  ['portal_db_pool_idle_connections', 'Idle connections', 'idle'],
  ['portal_db_pool_waiting_queries', 'Queries waiting for a connection', 'waiting'],
  ['portal_db_pool_max_connections', 'The most connections', 'max'],
] as const

/**
 * The database's figures: its pool (PostgreSQL only), the notification listener, the keys in flight, the
 * cancellations the dispatch system has not received in time.
 */
export function registerDatabaseMetrics(metrics: Metrics, db: Db, versionWatch: VersionWatch): void {
  const pool = poolStatsOf(db)
  if (pool) {
    for (const [name, what, field] of poolGauges)
      metrics.gauge({ name, help: `${what} of this instance's PostgreSQL pool`, read: () => pool()[field] })
  }
  metrics.gauge({
    name: 'portal_db_notifications_connected',
    help: '1 while the notification listener that feeds the read caches is connected',
    read: () => (versionWatch.connected ? 1 : 0),
  })
  metrics.gauge({
    name: 'portal_idempotency_keys_in_flight',
    help:
      `Idempotency keys claimed in the last ${inFlightWindow.total('minutes')} minutes and not answered, in the ` +
      `whole database: live (claimed within ${staleClaimAfter.total('seconds')} s, running) or stale (its run ` +
      'died; the key answers 409 until a retry takes it over)',
    labelNames: ['claim'],
    read: () => keysInFlight(db),
  })
  metrics.gauge({
    name: 'portal_cancellations_unreceived_overdue',
    help:
      `Guardians' cancellations whose deadline passed in the last ${overdueDays} days without a ` +
      "receipt from the tenant's dispatch system (its acknowledgement, or the webhook's delivery where it does not " +
      'acknowledge): the guardian was told to call. Tenants with none are not listed',
    labelNames: ['tenant'],
    read: () => overdueCancellations(db),
  })
}
