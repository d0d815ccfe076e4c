import { sql, type Kysely } from 'kysely'

/**
 * What guardians change, told to the operator (docs/integration.md):
 * - `operator_changes`: the change feed, a row per change written in the transaction that makes it. `txid` is
 *   that transaction's id: the feed reads (txid, id) in order, only below the oldest transaction still running
 *   (`pg_snapshot_xmin`), so a change that commits late is never skipped by a reader that went past its id.
 *   `change_id` is its id to the operator (the webhook's `webhook-id`). The dispatch system's acknowledgement is
 *   kept on it, and `received_at`: when the dispatch system acknowledged it or, for a tenant whose dispatch
 *   does not acknowledge, when the webhook delivered it. `acknowledge_by` is when the guardian is told to call if
 *   it has not been received; `overdue_told_at` when the passenger's guardians were pushed that.
 * - `operator_change_horizons`: how far retention has removed a tenant's feed, so that an older cursor is told so.
 * - `webhook_endpoints`: a tenant's one webhook and its signing secrets, the previous one while a rotation lasts.
 * - `webhook_deliveries`: the webhook's outbox, a row per change written beside it; senders claim rows with
 *   `for update skip locked` and lease them, as push's. Kept after delivery as the delivery log, with the change.
 * - `dispatch_settings`: whether a tenant's dispatch system acknowledges, how long before a pickup a cancellation
 *   must have been received, and whom guardians call.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operator_changes')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('id', 'bigint', (col) => col.notNull().generatedAlwaysAsIdentity())
    .addColumn('change_id', 'uuid', (col) =>
      col
        .notNull()
        .defaultTo(sql`gen_random_uuid()`)
        .unique(),
    )
    .addColumn('txid', sql`xid8`, (col) => col.notNull().defaultTo(sql`pg_current_xact_id()`))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('occurred_at', 'timestamptz', (col) => col.notNull())
    .addColumn('passenger_id', 'text')
    .addColumn('trip_id', 'text')
    .addColumn('data', 'jsonb', (col) => col.notNull())
    .addColumn('acknowledge_by', 'timestamptz')
    .addColumn('ack_outcome', 'text', (col) => col.check(sql`ack_outcome in ('applied', 'refused')`))
    .addColumn('ack_reason', 'text')
    .addColumn('acknowledged_at', 'timestamptz')
    .addColumn('received_at', 'timestamptz')
    .addColumn('overdue_told_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('operator_changes_pk', ['tenant_id', 'id'])
    .execute()
  await db.schema
    .createIndex('operator_changes_feed')
    .on('operator_changes')
    .columns(['tenant_id', 'txid', 'id'])
    .unique()
    .execute()
  await db.schema
    .createIndex('operator_changes_created')
    .on('operator_changes')
    .column('created_at')
    .execute()
  await db.schema
    .createIndex('operator_changes_trip')
    .on('operator_changes')
    .columns(['tenant_id', 'trip_id'])
    .where(sql.ref('trip_id'), 'is not', null)
    .execute()
  await db.schema
    .createIndex('operator_changes_unreceived')
    .on('operator_changes')
    .column('acknowledge_by')
    .where(sql.ref('received_at'), 'is', null)
    .execute()

  await db.schema
    .createTable('operator_change_horizons')
    .addColumn('tenant_id', 'text', (col) => col.primaryKey())
    .addColumn('txid', sql`xid8`, (col) => col.notNull())
    .addColumn('id', 'bigint', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('tenant_id', 'text', (col) => col.primaryKey())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('id', 'bigint', (col) => col.notNull().generatedAlwaysAsIdentity())
    .addColumn('change_id', 'bigint', (col) => col.notNull())
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending', 'delivered', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('webhook_deliveries_pk', ['tenant_id', 'id'])
    .addUniqueConstraint('webhook_deliveries_change', ['tenant_id', 'change_id'])
    .addForeignKeyConstraint(
      'webhook_deliveries_change_fk',
      ['tenant_id', 'change_id'],
      'operator_changes',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()
  // Senders claim across tenants by what is due.
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .column('next_attempt_at')
    .where(sql.ref('state'), '=', 'pending')
    .execute()
  // Announced as migration 0021 announces push, so that every instance's sender looks at once: rows queued, and
  // rows a replay made due again (not a sender's own lease or retry, which it sets ahead).
  await sql`
    create function notify_webhook_queued() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from queued where state = 'pending' and next_attempt_at <= now()) then
        perform pg_notify('read_versions', 'webhook');
      end if;
      return null;
    end $$`.execute(db)
  await sql`
    create trigger webhook_deliveries_notify_queued after insert on webhook_deliveries
    referencing new table as queued
    for each statement execute function notify_webhook_queued()`.execute(db)
  await sql`
    create trigger webhook_deliveries_notify_requeued after update on webhook_deliveries
    referencing new table as queued
    for each statement execute function notify_webhook_queued()`.execute(db)

  await db.schema
    .createTable('dispatch_settings')
    .addColumn('tenant_id', 'text', (col) => col.primaryKey())
    .addColumn('acknowledges', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('acknowledge_by_minutes', 'integer', (col) => col.notNull().defaultTo(30))
    .addColumn('phone', 'text')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'dispatch_settings',
    'webhook_deliveries',
    'webhook_endpoints',
    'operator_change_horizons',
    'operator_changes',
  ])
    await db.schema.dropTable(table).execute()
  await sql`drop function notify_webhook_queued()`.execute(db)
}
