import { sql, type Kysely } from 'kysely'

/** A public id per session for access tokens to name (the `sid` claim), so logout can revoke them. */
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_user').execute()
  await db.schema.dropIndex('sessions_sid_unique').execute()
  await db.schema.alterTable('sessions').dropColumn('sid').execute()
}
