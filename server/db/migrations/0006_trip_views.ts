import type { Kysely } from 'kysely'

/**
 * The trip as the API shows it, stored with its projection (server/db/tripRows.ts) so that reads need not
 * derive it. Null on trips written before; reads derive those.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trips').addColumn('view', 'jsonb').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trips').dropColumn('view').execute()
}
