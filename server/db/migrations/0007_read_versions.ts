import { sql, type Kysely } from 'kysely'

/**
 * Versions of what the hot reads answer, so that an instance may answer them from memory when nothing changed
 * (server/reads/): a passenger's `read_version` covers its row and its trips (`GET api/passenger/{id}/trips`),
 * a user's `passengers_read_version` their grants and the rows of the passengers granted
 * (`GET api/passenger`). Triggers bump them in the transaction of every write, whichever code writes, so a
 * version read after a commit always differs from one read before it. Values come from one sequence, never
 * reused, so a row deleted and made again cannot meet a version of its former self.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence read_version_seq`.execute(db)
  await db.schema
    .alterTable('passengers')
    .addColumn('read_version', 'bigint', (col) => col.notNull().defaultTo(sql`nextval('read_version_seq')`))
    .execute()
  await db.schema
    .alterTable('users')
    .addColumn('passengers_read_version', 'bigint', (col) =>
      col.notNull().defaultTo(sql`nextval('read_version_seq')`),
    )
    .execute()

  // Any change of a passenger's row is a new version of it, unless the statement set one itself.
  await sql`
    create function passengers_new_read_version() returns trigger language plpgsql as $$
    begin
      if new.read_version = old.read_version then
        new.read_version := nextval('read_version_seq');
      end if;
      return new;
    end $$`.execute(db)
  await sql`
    create trigger passengers_read_version before update on passengers
    for each row execute function passengers_new_read_version()`.execute(db)

  // A trip written, moved to another passenger or deleted changes the trips of its passenger(s).
  await sql`
    create function trips_bump_passenger_read_version() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update passengers set read_version = nextval('read_version_seq')
        where tenant_id = old.tenant_id and id = old.passenger_id;
      end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.passenger_id <> old.passenger_id) then
        update passengers set read_version = nextval('read_version_seq')
        where tenant_id = new.tenant_id and id = new.passenger_id;
      end if;
      return null;
    end $$`.execute(db)
  await sql`
    create trigger trips_read_version after insert or update or delete on trips
    for each row execute function trips_bump_passenger_read_version()`.execute(db)

  // A passenger's row as the list shows it changed (anything but its own version): every user granted it.
  await sql`
    create function passengers_bump_grantees() returns trigger language plpgsql as $$
    begin
      update users set passengers_read_version = nextval('read_version_seq')
      where tenant_id = new.tenant_id
        and id in (select user_id from passenger_grants where tenant_id = new.tenant_id and passenger_id = new.id);
      return null;
    end $$`.execute(db)
  await sql`
    create trigger passengers_grantees_read_version after update on passengers
    for each row when (to_jsonb(old) - 'read_version' is distinct from to_jsonb(new) - 'read_version')
    execute function passengers_bump_grantees()`.execute(db)

  // A grant given, taken or changed changes the list of the user(s) it names.
  await sql`
    create function grants_bump_user_read_version() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update users set passengers_read_version = nextval('read_version_seq')
        where tenant_id = old.tenant_id and id = old.user_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        update users set passengers_read_version = nextval('read_version_seq')
        where tenant_id = new.tenant_id and id = new.user_id;
      end if;
      return null;
    end $$`.execute(db)
  await sql`
    create trigger passenger_grants_read_version after insert or update or delete on passenger_grants
    for each row execute function grants_bump_user_read_version()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger passenger_grants_read_version on passenger_grants`.execute(db)
  await sql`drop function grants_bump_user_read_version()`.execute(db)
  await sql`drop trigger passengers_grantees_read_version on passengers`.execute(db)
  await sql`drop function passengers_bump_grantees()`.execute(db)
  await sql`drop trigger trips_read_version on trips`.execute(db)
  await sql`drop function trips_bump_passenger_read_version()`.execute(db)
  await sql`drop trigger passengers_read_version on passengers`.execute(db)
  await sql`drop function passengers_new_read_version()`.execute(db)
  await db.schema.alterTable('users').dropColumn('passengers_read_version').execute()
  await db.schema.alterTable('passengers').dropColumn('read_version').execute()
  await sql`drop sequence read_version_seq`.execute(db)
}
