import { sql, type Kysely } from 'kysely'

/**
 * Calendar feeds: a user's private iCalendar URL of their passengers' trips. The token is the only
 * secret (base64url of 16 random bytes, like a tracking link's); renewing revokes the one before, so a user has at
 * most one feed that is not revoked. `locale` is the portal's language when it was made: a calendar app that
 * polls the feed sends none worth reading, and the calendar's name is written in it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addPrimaryKeyConstraint('calendar_feeds_pk', ['tenant_id', 'token'])
    .addForeignKeyConstraint(
      'calendar_feeds_user_fk',
      ['tenant_id', 'user_id'],
      'users',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()
  // Unique across tenants, so a token never names two feeds whichever host it is opened on.
  await db.schema.createIndex('calendar_feeds_token').on('calendar_feeds').column('token').unique().execute()
  // One live feed per user: two renewals at once cannot both leave theirs working.
  await db.schema
    .createIndex('calendar_feeds_live_user')
    .on('calendar_feeds')
    .columns(['tenant_id', 'user_id'])
    .unique()
    .where(sql.ref('revoked_at'), 'is', null)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute()
}
