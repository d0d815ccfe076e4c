import { sql, type Kysely } from 'kysely'

/**
 * A tracking link ends when its maker's access ends. A guardian's link is checked against their grant
 * at every read (server/db/repositories/readVersions.ts); an operator's link is revoked with the key that made
 * it, here, whichever code revokes the key, so that the link's own change is announced (0011) and no cached or
 * replayed answer outlives it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function operator_api_keys_revoke_links() returns trigger language plpgsql as $$
    begin
      update tracking_links set revoked_at = new.revoked_at
      where tenant_id = new.tenant_id and created_by_operator_key_id = new.id and revoked_at is null;
      return null;
    end $$`.execute(db)
  await sql`
    create trigger operator_api_keys_revoke_links after update of revoked_at on operator_api_keys
    for each row when (old.revoked_at is null and new.revoked_at is not null)
    execute function operator_api_keys_revoke_links()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger operator_api_keys_revoke_links on operator_api_keys`.execute(db)
  await sql`drop function operator_api_keys_revoke_links()`.execute(db)
}
