import { sql, type Kysely } from 'kysely'

/**
 * What a transport operator's own system needs to run the portal without the demo seed (docs/integration.md):
 * - passengers, their places and permissions carry the operator's own reference (`external_ref`), unique per
 *   tenant (places: per passenger), so that a nightly load upserts instead of duplicating;
 * - a passenger has a language, and a life: ended by the operator (`ended_at`, why), erased after a retention
 *   (`erase_after`, then `erased_at` once the personal data is gone);
 * - an access code is kept only as a SHA-256 of the code (upper case, without spaces or dashes) (the operator gets the code once, for its letter), with
 *   an id to list and revoke it by and the last characters to tell codes apart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('passengers')
    .addColumn('external_ref', 'text')
    .addColumn('language', 'text', (col) => col.check(sql`language in ('fi', 'sv', 'en')`))
    .addColumn('ended_at', 'timestamptz')
    .addColumn('end_reason', 'text')
    .addColumn('erase_after', 'timestamptz')
    .addColumn('erased_at', 'timestamptz')
    .execute()
  // Unique constraints treat nulls as distinct: passengers without a reference (made in the portal) stay apart.
  await db.schema
    .alterTable('passengers')
    .addUniqueConstraint('passengers_external_ref_key', ['tenant_id', 'external_ref'])
    .execute()
  await db.schema
    .createIndex('passengers_erase_after_idx')
    .on('passengers')
    .column('erase_after')
    .where(sql.ref('erased_at'), 'is', null)
    .execute()

  await db.schema.alterTable('places').addColumn('external_ref', 'text').execute()
  await db.schema
    .alterTable('places')
    .addUniqueConstraint('places_external_ref_key', ['tenant_id', 'passenger_id', 'external_ref'])
    .execute()

  await db.schema.alterTable('transportation_permissions').addColumn('external_ref', 'text').execute()
  await db.schema
    .alterTable('transportation_permissions')
    .addUniqueConstraint('transportation_permissions_external_ref_key', ['tenant_id', 'external_ref'])
    .execute()

  await db.schema.alterTable('access_codes').addColumn('id', 'text').addColumn('hint', 'text').execute()
  // As normalizeAccessCode has it now: upper case (as stored before) without spaces or dashes.
  await sql`
    with normalized as (
      select tenant_id, token as old, regexp_replace(token, '[[:space:]-]+', '', 'g') as token from access_codes)
    update access_codes a set
      id = gen_random_uuid()::text,
      hint = right(n.token, 4),
      token = encode(sha256(convert_to(n.token, 'UTF8')), 'hex')
    from normalized n where a.tenant_id = n.tenant_id and a.token = n.old`.execute(db)
  await sql`alter table access_codes alter column id set not null, alter column hint set not null`.execute(db)
  await db.schema
    .alterTable('access_codes')
    .addUniqueConstraint('access_codes_id_key', ['tenant_id', 'id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The codes' hashes cannot be turned back into codes: the codes made after this migration are lost.
  await sql`delete from access_codes`.execute(db)
  await db.schema.alterTable('access_codes').dropConstraint('access_codes_id_key').execute()
  await db.schema.alterTable('access_codes').dropColumn('id').dropColumn('hint').execute()
  await db.schema
    .alterTable('transportation_permissions')
    .dropConstraint('transportation_permissions_external_ref_key')
    .execute()
  await db.schema.alterTable('transportation_permissions').dropColumn('external_ref').execute()
  await db.schema.alterTable('places').dropConstraint('places_external_ref_key').execute()
  await db.schema.alterTable('places').dropColumn('external_ref').execute()
  await db.schema.dropIndex('passengers_erase_after_idx').execute()
  await db.schema.alterTable('passengers').dropConstraint('passengers_external_ref_key').execute()
  await db.schema
    .alterTable('passengers')
    .dropColumn('external_ref')
    .dropColumn('language')
    .dropColumn('ended_at')
    .dropColumn('end_reason')
    .dropColumn('erase_after')
    .dropColumn('erased_at')
    .execute()
}
