import { sql, type Kysely } from 'kysely'

/** The append-only trip event log and the trips projection built from it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trip_events')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('trip_id', 'text', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('occurred_at', 'timestamptz', (col) => col.notNull())
    .addColumn('recorded_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('trip_events_pk', ['tenant_id', 'trip_id', 'seq'])
    .execute()

  await db.schema
    .createTable('trips')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('passenger_id', 'text', (col) => col.notNull())
    .addColumn('booked_at', 'timestamptz', (col) => col.notNull())
    .addColumn('start_time', 'timestamptz', (col) => col.notNull())
    .addColumn('end_time', 'timestamptz', (col) => col.notNull())
    .addColumn('start_place_id', 'text')
    .addColumn('end_place_id', 'text')
    .addColumn('start_address', 'jsonb', (col) => col.notNull())
    .addColumn('end_address', 'jsonb', (col) => col.notNull())
    .addColumn('via_points', 'jsonb', (col) => col.notNull())
    .addColumn('car_name', 'text')
    .addColumn('car_register_number', 'text')
    .addColumn('car_phone_number', 'text')
    .addColumn('driver_name', 'text')
    .addColumn('deductible_cents', 'integer')
    .addColumn('note', 'text')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('cancel_reason', 'text')
    .addColumn('pickup_time', 'timestamptz')
    .addColumn('dropoff_time', 'timestamptz')
    .addColumn('no_show_time', 'timestamptz')
    .addColumn('allow_eta_query', 'boolean', (col) => col.notNull())
    .addColumn('allow_review', 'boolean', (col) => col.notNull())
    .addColumn('status_code', 'integer', (col) => col.notNull())
    .addColumn('eta', 'timestamptz')
    .addColumn('etd', 'timestamptz')
    .addColumn('ata', 'timestamptz')
    .addColumn('car_latitude', 'double precision')
    .addColumn('car_longitude', 'double precision')
    .addColumn('version', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('trips_pk', ['tenant_id', 'id'])
    .addForeignKeyConstraint(
      'trips_passenger_fk',
      ['tenant_id', 'passenger_id'],
      'passengers',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()
  await db.schema
    .createIndex('trips_passenger_start')
    .on('trips')
    .columns(['tenant_id', 'passenger_id', 'start_time'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trips').execute()
  await db.schema.dropTable('trip_events').execute()
}
