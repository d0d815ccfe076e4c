import { sql, type Kysely } from 'kysely'

/**
 * Every change of a read version (migration 0007) and of a tracking link is announced on the `read_versions`
 * channel at commit, so that an instance keeps the versions its polled calls check in memory instead of asking
 * for them on every poll (server/reads/versionCache.ts). A payload names what changed: `p:` a passenger and its
 * trips, `u:` a user's grants, `l:` a tracking link. PostgreSQL drops repeats within a transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_passenger_read_version() returns trigger language plpgsql as $$
    begin
      perform pg_notify('read_versions', 'p:' || coalesce(new.id, old.id));
      return null;
    end $$`.execute(db)
  await sql`
    create trigger passengers_notify_read_version after update on passengers
    for each row when (old.read_version is distinct from new.read_version)
    execute function notify_passenger_read_version()`.execute(db)
  await sql`
    create trigger passengers_notify_deleted after delete on passengers
    for each row execute function notify_passenger_read_version()`.execute(db)

  await sql`
    create function notify_user_read_version() returns trigger language plpgsql as $$
    begin
      perform pg_notify('read_versions', 'u:' || coalesce(new.id, old.id));
      return null;
    end $$`.execute(db)
  await sql`
    create trigger users_notify_read_version after update on users
    for each row when (old.passengers_read_version is distinct from new.passengers_read_version)
    execute function notify_user_read_version()`.execute(db)
  await sql`
    create trigger users_notify_deleted after delete on users
    for each row execute function notify_user_read_version()`.execute(db)

  await sql`
    create function notify_tracking_link() returns trigger language plpgsql as $$
    begin
      perform pg_notify('read_versions', 'l:' || coalesce(new.link, old.link));
      return null;
    end $$`.execute(db)
  await sql`
    create trigger tracking_links_notify after insert or update or delete on tracking_links
    for each row execute function notify_tracking_link()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger tracking_links_notify on tracking_links`.execute(db)
  await sql`drop function notify_tracking_link()`.execute(db)
  await sql`drop trigger users_notify_deleted on users`.execute(db)
  await sql`drop trigger users_notify_read_version on users`.execute(db)
  await sql`drop function notify_user_read_version()`.execute(db)
  await sql`drop trigger passengers_notify_deleted on passengers`.execute(db)
  await sql`drop trigger passengers_notify_read_version on passengers`.execute(db)
  await sql`drop function notify_passenger_read_version()`.execute(db)
}
