import { sql, type Kysely } from 'kysely'

/** The first login limit's table (replaced by login_throttles in 0005). */
export async function createLoginAttempts(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('user_name', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('attempted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('login_attempts_pk', ['tenant_id', 'id'])
    .execute()
  await db.schema
    .createIndex('login_attempts_user_name')
    .on('login_attempts')
    .columns(['tenant_id', 'user_name', 'attempted_at'])
    .execute()
  await db.schema
    .createIndex('login_attempts_ip')
    .on('login_attempts')
    .columns(['tenant_id', 'ip', 'attempted_at'])
    .execute()
}

/** Users, sessions, login attempts and per-tenant signing keys. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('user_name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('identity_subject', 'text')
    .addColumn('identity_verified', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('users_pk', ['tenant_id', 'id'])
    .addUniqueConstraint('users_identity_subject_unique', ['tenant_id', 'identity_subject'])
    .execute()
  await db.schema
    .createIndex('users_user_name_unique')
    .on('users')
    .unique()
    .expression(sql`tenant_id, lower(user_name)`)
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('id_hash', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('sessions_pk', ['tenant_id', 'id_hash'])
    .addForeignKeyConstraint(
      'sessions_user_fk',
      ['tenant_id', 'user_id'],
      'users',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute()

  await createLoginAttempts(db)

  await db.schema
    .createTable('signing_keys')
    .addColumn('tenant_id', 'text', (col) => col.primaryKey())
    .addColumn('kid', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['signing_keys', 'login_attempts', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute()
  }
}
