import { sql, type Kysely } from 'kysely'

/**
 * A trip booked in the portal awaits the operator's approval (server/domain/tripProjection.ts): `approval` is
 * `awaiting`, `approved` or `refused`, and null for a trip the operator booked. The passenger's reads show only
 * trips with none or approved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('trips')
    .addColumn('approval', 'text', (col) => col.check(sql`approval in ('awaiting', 'approved', 'refused')`))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trips').dropColumn('approval').execute()
}
