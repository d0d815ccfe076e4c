import { sql, type Kysely } from 'kysely'

/** Who cancelled and the reviews on the trips projection, idempotency keys, and operator API keys. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trips').addColumn('cancelled_by_user_id', 'text').execute()
  await db.schema
    .alterTable('trips')
    .addColumn('reviews', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute()

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('principal', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('in_flight', 'done')`))
    .addColumn('lease', 'text')
    .addColumn('claimed_at', 'timestamptz', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('body', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['tenant_id', 'principal', 'key'])
    .execute()
  // The purge deletes by age across tenants.
  await db.schema
    .createIndex('idempotency_keys_created_at')
    .on('idempotency_keys')
    .column('created_at')
    .execute()

  await db.schema
    .createTable('operator_api_keys')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('key_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addPrimaryKeyConstraint('operator_api_keys_pk', ['tenant_id', 'id'])
    .addUniqueConstraint('operator_api_keys_hash_unique', ['tenant_id', 'key_hash'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_api_keys').execute()
  await db.schema.dropTable('idempotency_keys').execute()
  await db.schema.alterTable('trips').dropColumn('reviews').execute()
  await db.schema.alterTable('trips').dropColumn('cancelled_by_user_id').execute()
}
