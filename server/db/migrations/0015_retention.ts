import { sql, type Kysely } from 'kysely'

/**
 * What retention looks for (server/retention/), found without reading what stays: the car positions by when they
 * were reported (most of the trip event log, and each deleted once its trip is old enough), and messages by when
 * they were written. Both across tenants, as the retention runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('trip_events_positions')
    .on('trip_events')
    .column('occurred_at')
    .where(sql.ref('type'), '=', 'position')
    .execute()
  await db.schema.createIndex('messages_created_at').on('messages').column('created_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_created_at').execute()
  await db.schema.dropIndex('trip_events_positions').execute()
}
