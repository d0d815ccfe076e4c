import { sql, type Kysely } from 'kysely'

/**
 * Invitations and travel cards. An invitation's code is its only secret (128 random bits,
 * base64url, unique across tenants like tracking links); it grants its passengers to the one user who accepts
 * it before it expires. A travel card, found by its number and checked against its holder's name, makes a fresh
 * invitation for its passenger. Grants go to `passenger_grants`, whose triggers (0007) bump the user's list
 * version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('accepted_by_user_id', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('invitations_pk', ['tenant_id', 'code'])
    .addForeignKeyConstraint(
      'invitations_accepted_by_fk',
      ['tenant_id', 'accepted_by_user_id'],
      'users',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addCheckConstraint('invitations_acceptance', sql`(accepted_at is null) = (accepted_by_user_id is null)`)
    .execute()
  await db.schema.createIndex('invitations_code').on('invitations').column('code').unique().execute()
  await db.schema
    .createIndex('invitations_expiry')
    .on('invitations')
    .columns(['tenant_id', 'expires_at'])
    .execute()

  await db.schema
    .createTable('invitation_passengers')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('passenger_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('invitation_passengers_pk', ['tenant_id', 'code', 'passenger_id'])
    .addForeignKeyConstraint(
      'invitation_passengers_invitation_fk',
      ['tenant_id', 'code'],
      'invitations',
      ['tenant_id', 'code'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'invitation_passengers_passenger_fk',
      ['tenant_id', 'passenger_id'],
      'passengers',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()

  await db.schema
    .createTable('travel_cards')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('card_number', 'text', (col) => col.notNull())
    .addColumn('holder_name', 'text', (col) => col.notNull())
    .addColumn('passenger_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('travel_cards_pk', ['tenant_id', 'card_number'])
    .addForeignKeyConstraint(
      'travel_cards_passenger_fk',
      ['tenant_id', 'passenger_id'],
      'passengers',
      ['tenant_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['travel_cards', 'invitation_passengers', 'invitations']) {
    await db.schema.dropTable(table).execute()
  }
}
