import { sql, type Kysely } from 'kysely'

/**
 * The push sender:
 * - `push_subscriptions.portal_url`: the portal's root as the device reached it when it subscribed (protocol, host
 *   and, where the host does not name the tenant, its path prefix), so that a notification opens the same portal
 *   on that device; '' for a row made before it, whose notifications then navigate within the portal's root.
 * - Retention reads subscriptions by their last delivery (or creation), and marks by age.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('push_subscriptions')
    .addColumn('portal_url', 'text', (col) => col.notNull().defaultTo(''))
    .execute()
  await sql`create index push_subscriptions_last_used on push_subscriptions
    ((coalesce(last_delivered_at, created_at)))`.execute(db)
  await db.schema
    .createIndex('notification_marks_created')
    .on('notification_marks')
    .column('created_at')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notification_marks_created').execute()
  await db.schema.dropIndex('push_subscriptions_last_used').execute()
  await db.schema.alterTable('push_subscriptions').dropColumn('portal_url').execute()
}
