import { sql, type Kysely } from 'kysely'

/**
 * Push notifications.
 * - `vapid_keys`: the deployment's one VAPID key pair (the only table across tenants), made on first start when
 *   `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY` are not set, so every instance signs with the same key.
 * - `push_subscriptions`: a device's push endpoint and keys, of one user on one tenant. An endpoint is unique
 *   across tenants: subscribing it again moves it.
 * - `notification_settings` and `notification_switches`: a user's choices; a switch row only where the user
 *   turned a kind off or on again for a passenger (no row: on).
 * - `push_deliveries`: the transactional outbox. A row per notification and device, written in the transaction
 *   of the event that causes it; senders claim rows with `for update skip locked` and delete them once sent,
 *   dropped after `expires_at`, or with their subscription.
 * - `notification_marks`: what was notified once only (a trip's "car is near", a date's evening reminder), so a
 *   later event or run does not notify it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vapid_keys')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('private_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('endpoint', 'text', (col) => col.notNull())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('user_agent_family', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_delivered_at', 'timestamptz')
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('push_subscriptions_pk', ['tenant_id', 'id'])
    .addForeignKeyConstraint(
      'push_subscriptions_user_fk',
      ['tenant_id', 'user_id'],
      'users',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()
  await db.schema
    .createIndex('push_subscriptions_endpoint')
    .on('push_subscriptions')
    .column('endpoint')
    .unique()
    .execute()
  await db.schema
    .createIndex('push_subscriptions_user')
    .on('push_subscriptions')
    .columns(['tenant_id', 'user_id'])
    .execute()

  await db.schema
    .createTable('notification_settings')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('reminder_time', 'text', (col) => col.notNull().defaultTo('18:00'))
    .addColumn('eta_minutes', 'integer', (col) => col.notNull().defaultTo(10))
    .addColumn('hide_details', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('notification_settings_pk', ['tenant_id', 'user_id'])
    .addForeignKeyConstraint(
      'notification_settings_user_fk',
      ['tenant_id', 'user_id'],
      'users',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()

  await db.schema
    .createTable('notification_switches')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('passenger_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('enabled', 'boolean', (col) => col.notNull())
    .addPrimaryKeyConstraint('notification_switches_pk', ['tenant_id', 'user_id', 'passenger_id', 'kind'])
    .addForeignKeyConstraint(
      'notification_switches_user_fk',
      ['tenant_id', 'user_id'],
      'users',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'notification_switches_passenger_fk',
      ['tenant_id', 'passenger_id'],
      'passengers',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()

  await db.schema
    .createTable('push_deliveries')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('id', 'bigint', (col) => col.notNull().generatedAlwaysAsIdentity())
    .addColumn('subscription_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('data', 'jsonb', (col) => col.notNull())
    .addColumn('topic', 'text')
    .addColumn('urgency', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('push_deliveries_pk', ['tenant_id', 'id'])
    .addForeignKeyConstraint(
      'push_deliveries_subscription_fk',
      ['tenant_id', 'subscription_id'],
      'push_subscriptions',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addCheckConstraint('push_deliveries_urgency', sql`urgency in ('very-low', 'low', 'normal', 'high')`)
    .execute()
  // Senders claim across tenants by what is due.
  await db.schema.createIndex('push_deliveries_due').on('push_deliveries').column('next_attempt_at').execute()
  await db.schema
    .createIndex('push_deliveries_subscription')
    .on('push_deliveries')
    .columns(['tenant_id', 'subscription_id'])
    .execute()

  await db.schema
    .createTable('notification_marks')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('mark', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('notification_marks_pk', ['tenant_id', 'user_id', 'mark'])
    .addForeignKeyConstraint(
      'notification_marks_user_fk',
      ['tenant_id', 'user_id'],
      'users',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'notification_marks',
    'push_deliveries',
    'notification_switches',
    'notification_settings',
    'push_subscriptions',
    'vapid_keys',
  ])
    await db.schema.dropTable(table).execute()
}
