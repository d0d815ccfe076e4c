import { sql, type Kysely } from 'kysely'

/**
 * What ends or alters a session's user is announced on migration 0011's `read_versions` channel at commit, so
 * that every instance's session cache (server/auth/sessionCache.ts) drops what it kept and may otherwise keep a
 * session for minutes: `s:<sid>` a session deleted (logout, revocation, expiry purge, its user deleted) or
 * changed (an earlier expiry), `a:<user id>` a user's row changed in anything but the passenger list's version
 * (credentials, email, identity, name: all of `UserRow`) or deleted. Tags of their own, apart from 0011's `u:`,
 * so that a grant's change does not send every session of its user back to the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_session_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('read_versions', 's:' || old.sid);
      return null;
    end $$`.execute(db)
  await sql`
    create trigger sessions_notify_changed after update or delete on sessions
    for each row execute function notify_session_changed()`.execute(db)

  await sql`
    create function notify_user_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('read_versions', 'a:' || old.id);
      return null;
    end $$`.execute(db)
  await sql`
    create trigger users_notify_changed after update on users
    for each row when (to_jsonb(old) - 'passengers_read_version' is distinct from
                       to_jsonb(new) - 'passengers_read_version')
    execute function notify_user_changed()`.execute(db)
  await sql`
    create trigger users_notify_removed after delete on users
    for each row execute function notify_user_changed()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_notify_removed on users`.execute(db)
  await sql`drop trigger users_notify_changed on users`.execute(db)
  await sql`drop function notify_user_changed()`.execute(db)
  await sql`drop trigger sessions_notify_changed on sessions`.execute(db)
  await sql`drop function notify_session_changed()`.execute(db)
}
