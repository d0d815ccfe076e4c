import { sql, type Kysely } from 'kysely'

/**
 * A travel card no longer makes anyone a guardian again and again. An invitation remembers the card
 * that made it, so that accepting it is judged then: when its passenger already has a guardian, only a user
 * whose identity is verified may accept it, and the guardians are told. Failed registrations are counted per
 * card number and per holder name (hashed) in the database, so every instance refuses the same guesses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invitations').addColumn('travel_card_number', 'text').execute()
  await db.schema
    .alterTable('invitations')
    .addForeignKeyConstraint(
      'invitations_travel_card_fk',
      ['tenant_id', 'travel_card_number'],
      'travel_cards',
      ['tenant_id', 'card_number'],
      // A card taken away takes its open invitations with it.
      (fk) => fk.onDelete('cascade'),
    )
    .execute()

  await db.schema
    .createTable('travel_card_throttles')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('card', 'name')`))
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('counted_since', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('travel_card_throttles_pk', ['tenant_id', 'kind', 'subject'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('travel_card_throttles').execute()
  await db.schema.alterTable('invitations').dropColumn('travel_card_number').execute()
}
