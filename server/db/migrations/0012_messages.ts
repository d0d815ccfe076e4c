import { sql, type Kysely } from 'kysely'

/**
 * Messages between a passenger's guardians and the operator. `seq` is the order they arrived in,
 * which pages and the operator's cursor follow; a message is written with its passenger's row locked, so per
 * passenger `seq` also follows the commits and a cursor never passes a message committed later. The sender is a
 * user (`sender_user_id`) or the operator, whose signature is `sender_name`. A message may ask for a
 * confirmation, which one guardian gives. Who has seen what is per user, in `message_seen`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('seq', 'bigint', (col) => col.notNull().generatedAlwaysAsIdentity())
    .addColumn('passenger_id', 'text', (col) => col.notNull())
    .addColumn('sender', 'text', (col) => col.notNull().check(sql`sender in ('user', 'operator')`))
    .addColumn('sender_user_id', 'text')
    .addColumn('sender_name', 'text')
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('confirmation_requested', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('confirmed_by_user_id', 'text')
    .addPrimaryKeyConstraint('messages_pk', ['tenant_id', 'id'])
    .addForeignKeyConstraint(
      'messages_passenger_fk',
      ['tenant_id', 'passenger_id'],
      'passengers',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint('messages_sender_fk', ['tenant_id', 'sender_user_id'], 'users', [
      'tenant_id',
      'id',
    ])
    .addForeignKeyConstraint('messages_confirmed_by_fk', ['tenant_id', 'confirmed_by_user_id'], 'users', [
      'tenant_id',
      'id',
    ])
    .addCheckConstraint(
      'messages_sender_kind',
      sql`(sender = 'user' and sender_user_id is not null and sender_name is null)
        or (sender = 'operator' and sender_user_id is null and sender_name is not null)`,
    )
    .addCheckConstraint(
      'messages_confirmation',
      sql`(confirmed_at is null) = (confirmed_by_user_id is null)
        and (confirmation_requested or confirmed_at is null)`,
    )
    .execute()
  await db.schema
    .createIndex('messages_passenger_seq')
    .on('messages')
    .columns(['tenant_id', 'passenger_id', 'seq'])
    .execute()

  await db.schema
    .createTable('message_seen')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('message_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('seen_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('message_seen_pk', ['tenant_id', 'message_id', 'user_id'])
    .addForeignKeyConstraint(
      'message_seen_message_fk',
      ['tenant_id', 'message_id'],
      'messages',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'message_seen_user_fk',
      ['tenant_id', 'user_id'],
      'users',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_seen').execute()
  await db.schema.dropTable('messages').execute()
}
