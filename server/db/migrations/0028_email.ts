import { sql, type Kysely } from 'kysely'

/**
 * E-mail (docs/notifications.md, "E-mail"): notifications by mail, a verified address, password recovery.
 * - `users`: the language and the portal root the user last used (mails are written in it and link to it), when the e-mail was
 *   confirmed by its link (nothing else is sent to an address before), and when a relay refused it for good.
 * - `email_tokens`: single-use, time-limited links (an address's confirmation, a password reset); only the
 *   token's SHA-256 is kept, the token itself exists only in the mail.
 * - `email_switches`: a user's e-mail choices per passenger and kind, a row only where one differs from the
 *   kind's default (`emailDefaultOn`).
 * - `email_deliveries`: the mail outbox, a row per mail written in the transaction of what causes it; senders
 *   claim due rows with `for update skip locked` and a lease (server/db/leaseClaim.ts) and keep them as the log
 *   (retention deletes them). A row's id makes its stable Message-ID.
 * - `email_throttles`: the password recovery's counters, per client address and per e-mail address.
 * - `demo_mails`: in demo mode without SMTP settings, the mails the server would have sent, shown on a page
 *   reachable only on local hosts.
 * - `email_link_keys`: the deployment's one key that signs unsubscribe links (global, like `vapid_keys`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('locale', 'text', (col) => col.check(sql`locale in ('fi', 'sv', 'en')`))
    .addColumn('portal_url', 'text')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('email_undeliverable_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('users_email')
    .on('users')
    .expression(sql`tenant_id, lower(email)`)
    .execute()

  await db.schema
    .createTable('email_tokens')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in ('verify', 'reset')`))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addPrimaryKeyConstraint('email_tokens_pk', ['tenant_id', 'token_hash'])
    .addForeignKeyConstraint(
      'email_tokens_user_fk',
      ['tenant_id', 'user_id'],
      'users',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()
  await db.schema
    .createIndex('email_tokens_user')
    .on('email_tokens')
    .columns(['tenant_id', 'user_id', 'purpose'])
    .execute()

  await db.schema
    .createTable('email_switches')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('passenger_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('enabled', 'boolean', (col) => col.notNull())
    .addPrimaryKeyConstraint('email_switches_pk', ['tenant_id', 'user_id', 'passenger_id', 'kind'])
    .addForeignKeyConstraint(
      'email_switches_user_fk',
      ['tenant_id', 'user_id'],
      'users',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'email_switches_passenger_fk',
      ['tenant_id', 'passenger_id'],
      'passengers',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()

  await db.schema
    .createTable('email_deliveries')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('id', 'bigint', (col) => col.notNull().generatedAlwaysAsIdentity())
    // Null for a mail to an address rather than a user (password recovery lists every account of it).
    .addColumn('user_id', 'text')
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull().check(sql`locale in ('fi', 'sv', 'en')`))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('data', 'jsonb', (col) => col.notNull())
    // The portal root the mail's links open (the host the user last used).
    .addColumn('portal_url', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('email_deliveries_pk', ['tenant_id', 'id'])
    .addForeignKeyConstraint(
      'email_deliveries_user_fk',
      ['tenant_id', 'user_id'],
      'users',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()
  await db.schema
    .createIndex('email_deliveries_due')
    .on('email_deliveries')
    .column('next_attempt_at')
    .where(sql.ref('state'), '=', 'pending')
    .execute()
  await db.schema
    .createIndex('email_deliveries_created')
    .on('email_deliveries')
    .columns(['tenant_id', 'created_at'])
    .execute()
  // Announced as migration 0021 announces push: every instance's sender looks at once.
  await sql`
    create function notify_email_queued() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from queued) then
        perform pg_notify('read_versions', 'email');
      end if;
      return null;
    end $$`.execute(db)
  await sql`
    create trigger email_deliveries_notify_queued after insert on email_deliveries
    referencing new table as queued
    for each statement execute function notify_email_queued()`.execute(db)

  await db.schema
    .createTable('email_throttles')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('address', 'email')`))
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('counted_since', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('email_throttles_pk', ['tenant_id', 'kind', 'subject'])
    .execute()

  await db.schema
    .createTable('demo_mails')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('id', 'bigint', (col) => col.notNull().generatedAlwaysAsIdentity())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('demo_mails_pk', ['tenant_id', 'id'])
    .execute()

  await db.schema
    .createTable('email_link_keys')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'email_link_keys',
    'demo_mails',
    'email_throttles',
    'email_deliveries',
    'email_switches',
    'email_tokens',
  ])
    await db.schema.dropTable(table).execute()
  await sql`drop function notify_email_queued()`.execute(db)
  await db.schema.dropIndex('users_email').execute()
  await db.schema
    .alterTable('users')
    .dropColumn('locale')
    .dropColumn('portal_url')
    .dropColumn('email_verified_at')
    .dropColumn('email_undeliverable_at')
    .execute()
}
