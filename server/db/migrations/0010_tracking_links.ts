import { sql, type Kysely } from 'kysely'

/**
 * Tracking links: a trip shared with a drivers' office, by a guardian (`created_by_user_id`) or the
 * operator API (`created_by_operator_key_id`). The link itself is the secret (128 random bits and more,
 * base64url). Its window is not stored: it follows the trip's projection (src/domain/tracking/linkWindow.ts),
 * so a moved trip moves it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tracking_links')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('link', 'text', (col) => col.notNull())
    .addColumn('trip_id', 'text', (col) => col.notNull())
    .addColumn('date', 'date', (col) => col.notNull())
    .addColumn('created_by_user_id', 'text')
    .addColumn('created_by_operator_key_id', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addPrimaryKeyConstraint('tracking_links_pk', ['tenant_id', 'link'])
    .addForeignKeyConstraint(
      'tracking_links_trip_fk',
      ['tenant_id', 'trip_id'],
      'trips',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addCheckConstraint(
      'tracking_links_creator',
      sql`(created_by_user_id is null) <> (created_by_operator_key_id is null)`,
    )
    .execute()
  // A token is unique across tenants too, so a link never names two trips whichever host it is opened on.
  await db.schema.createIndex('tracking_links_link').on('tracking_links').column('link').unique().execute()
  await db.schema
    .createIndex('tracking_links_trip')
    .on('tracking_links')
    .columns(['tenant_id', 'trip_id', 'created_by_user_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tracking_links').execute()
}
