import { sql, type Kysely } from 'kysely'

/**
 * Transportation permissions (quotas): a passenger's decisions with their periods of quota, and the places trips
 * on them may go to (place groups, linked to the passenger's own places so a deleted place leaves its groups).
 * Extras and the allowed area are read and written whole with their permission, so they are jsonb on it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transportation_permissions')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('passenger_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('decision_type', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('trip_destinations', 'smallint', (col) => col.notNull())
    .addColumn('allow_via_points', 'boolean', (col) => col.notNull())
    .addColumn('via_point_max_deviation', 'integer')
    .addColumn('express_quota_time_limit', 'integer')
    .addColumn('start_date', 'date', (col) => col.notNull())
    .addColumn('end_date', 'date', (col) => col.notNull())
    .addColumn('extras', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('allowed_area', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('transportation_permissions_pk', ['tenant_id', 'id'])
    .addForeignKeyConstraint(
      'transportation_permissions_passenger_fk',
      ['tenant_id', 'passenger_id'],
      'passengers',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addCheckConstraint('transportation_permissions_destinations', sql`trip_destinations between 0 and 5`)
    .addCheckConstraint('transportation_permissions_dates', sql`end_date >= start_date`)
    .execute()
  await db.schema
    .createIndex('transportation_permissions_passenger')
    .on('transportation_permissions')
    .columns(['tenant_id', 'passenger_id'])
    .execute()

  await db.schema
    .createTable('permission_periods')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('permission_id', 'text', (col) => col.notNull())
    .addColumn('start_date', 'date', (col) => col.notNull())
    .addColumn('end_date', 'date', (col) => col.notNull())
    .addColumn('total_quota', 'integer', (col) => col.notNull())
    .addColumn('used_quota', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total_express_quota', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('used_express_quota', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('saved_to_next', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('borrowed', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('permission_periods_pk', ['tenant_id', 'permission_id', 'start_date'])
    .addForeignKeyConstraint(
      'permission_periods_permission_fk',
      ['tenant_id', 'permission_id'],
      'transportation_permissions',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addCheckConstraint('permission_periods_dates', sql`end_date >= start_date`)
    .execute()

  await db.schema
    .createTable('permission_places')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('permission_id', 'text', (col) => col.notNull())
    // Groups keep the operator's order, and their places too.
    .addColumn('group_index', 'integer', (col) => col.notNull())
    .addColumn('group_name', 'text', (col) => col.notNull())
    .addColumn('place_index', 'integer', (col) => col.notNull())
    .addColumn('place_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('permission_places_pk', [
      'tenant_id',
      'permission_id',
      'group_index',
      'place_index',
    ])
    .addForeignKeyConstraint(
      'permission_places_permission_fk',
      ['tenant_id', 'permission_id'],
      'transportation_permissions',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'permission_places_place_fk',
      ['tenant_id', 'place_id'],
      'places',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['permission_places', 'permission_periods', 'transportation_permissions']) {
    await db.schema.dropTable(table).execute()
  }
}
