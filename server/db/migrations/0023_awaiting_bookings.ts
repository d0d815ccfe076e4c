import { sql, type Kysely } from 'kysely'

/**
 * The operator lists the portal bookings awaiting its decision (GET api/operator/bookings), which are few among
 * a tenant's trips: a partial index holds just those, by start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index trips_awaiting on trips (tenant_id, start_time) where approval = 'awaiting'`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('trips_awaiting').execute()
}
