import { sql, type Kysely } from 'kysely'
import { createLoginAttempts } from './0001_accounts'

/**
 * A public id per session for access tokens to name (the `sid` claim), so logout can revoke them; and the login
 * throttle's counters in place of the list of failed attempts, which could not be reserved atomically.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Sessions of before this migration get an id too, so nobody is signed out by it.
  await db.schema
    .alterTable('sessions')
    .addColumn('sid', 'text', (col) => col.notNull().defaultTo(sql`gen_random_uuid()::text`))
    .execute()
  await db.schema
    .createIndex('sessions_sid_unique')
    .on('sessions')
    .columns(['tenant_id', 'sid'])
    .unique()
    .execute()
  // Ending a user's other sessions on a password change finds them by user.
  await db.schema.createIndex('sessions_user').on('sessions').columns(['tenant_id', 'user_id']).execute()

  await db.schema.dropTable('login_attempts').execute()
  await db.schema
    .createTable('login_throttles')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('address', 'pair')`))
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('counted_since', 'timestamptz', (col) => col.notNull())
    .addColumn('next_allowed_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('login_throttles_pk', ['tenant_id', 'kind', 'subject'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_throttles').execute()
  await createLoginAttempts(db)
  await db.schema.dropIndex('sessions_user').execute()
  await db.schema.dropIndex('sessions_sid_unique').execute()
  await db.schema.alterTable('sessions').dropColumn('sid').execute()
}
