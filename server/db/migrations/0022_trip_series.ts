import type { Kysely } from 'kysely'

/**
 * Standing orders: a trip booked in a series keeps the series (its id, weekdays and last date, from the
 * `requested` event) in its projection; `series_id` apart, indexed, finds a series' trips (cancelling the rest of
 * it, the operator's view of it). A series is nothing but its trips: it goes with them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trips').addColumn('series_id', 'uuid').addColumn('series', 'jsonb').execute()
  await db.schema.createIndex('trips_series').on('trips').columns(['tenant_id', 'series_id']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('trips_series').execute()
  await db.schema.alterTable('trips').dropColumn('series').dropColumn('series_id').execute()
}
