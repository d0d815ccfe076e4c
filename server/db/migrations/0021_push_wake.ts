import { sql, type Kysely } from 'kysely'

/**
 * Rows queued in `push_deliveries` are announced at commit on migration 0011's `read_versions` channel as `push`,
 * once per statement that queued any, so that every instance's sender looks at once instead of at its next idle
 * poll (server/notifications/pushService.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_push_queued() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from queued) then
        perform pg_notify('read_versions', 'push');
      end if;
      return null;
    end $$`.execute(db)
  await sql`
    create trigger push_deliveries_notify_queued after insert on push_deliveries
    referencing new table as queued
    for each statement execute function notify_push_queued()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger push_deliveries_notify_queued on push_deliveries`.execute(db)
  await sql`drop function notify_push_queued()`.execute(db)
}
