import { sql, type Kysely } from 'kysely'

/** Passengers, the users they are granted to, access codes that grant them, and their places. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passengers')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('avatar_text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('passengers_pk', ['tenant_id', 'id'])
    .execute()

  await db.schema
    .createTable('passenger_grants')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('passenger_id', 'text', (col) => col.notNull())
    .addColumn('granted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('passenger_grants_pk', ['tenant_id', 'user_id', 'passenger_id'])
    .addForeignKeyConstraint(
      'passenger_grants_user_fk',
      ['tenant_id', 'user_id'],
      'users',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'passenger_grants_passenger_fk',
      ['tenant_id', 'passenger_id'],
      'passengers',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()

  await db.schema
    .createTable('access_codes')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('passenger_id', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('used_by_user_id', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('access_codes_pk', ['tenant_id', 'token'])
    .addForeignKeyConstraint(
      'access_codes_passenger_fk',
      ['tenant_id', 'passenger_id'],
      'passengers',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()

  await db.schema
    .createTable('places')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('passenger_id', 'text', (col) => col.notNull())
    .addColumn('alias', 'text')
    .addColumn('display', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('streetnumber', 'text')
    .addColumn('postalcode', 'text')
    .addColumn('city', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('is_home', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_pickup', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_via_point', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_main', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_secondary_place', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('source', 'text', (col) => col.notNull().defaultTo('unknown'))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('places_pk', ['tenant_id', 'id'])
    .addForeignKeyConstraint(
      'places_passenger_fk',
      ['tenant_id', 'passenger_id'],
      'passengers',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()
  await db.schema
    .createIndex('places_passenger')
    .on('places')
    .columns(['tenant_id', 'passenger_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['places', 'access_codes', 'passenger_grants', 'passengers']) {
    await db.schema.dropTable(table).execute()
  }
}
