import { sql, type Kysely } from 'kysely'

/** What announces itself: a table's rows, by a tag prefix and key column, on which changes. */
const announced = [
  {
    table: 'passengers',
    tag: 'p:',
    key: 'id',
    changes: [
      {
        name: 'passengers_notify_read_version',
        on: 'update',
        when: 'old.read_version is distinct from new.read_version',
      },
      { name: 'passengers_notify_deleted', on: 'delete' },
    ],
  },
  {
    table: 'users',
    tag: 'u:',
    key: 'id',
    changes: [
      {
        name: 'users_notify_read_version',
        on: 'update',
        when: 'old.passengers_read_version is distinct from new.passengers_read_version',
      },
      { name: 'users_notify_deleted', on: 'delete' },
    ],
  },
  {
    table: 'tracking_links',
    tag: 'l:',
    key: 'link',
    changes: [{ name: 'tracking_links_notify', on: 'insert or update or delete' }],
  },
] as const

const functionOf = (table: string) => sql.id(`notify_${table}_read_version`)

/**
 * Every change of a read version (migration 0007) and of a tracking link is announced on the `read_versions`
 * channel at commit, so that an instance keeps the versions its polled calls check in memory instead of asking
 * for them on every poll (server/db/versionCache.ts). A payload names what changed: `p:` a passenger and its
 * trips, `u:` a user's grants, `l:` a tracking link. PostgreSQL drops repeats within a transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, tag, key, changes } of announced) {
    await sql`
      create function ${functionOf(table)}() returns trigger language plpgsql as $$
      begin
        perform pg_notify('read_versions', ${sql.lit(tag)} || coalesce(new.${sql.id(key)}, old.${sql.id(key)}));
        return null;
      end $$`.execute(db)
    for (const change of changes) {
      const when = 'when' in change ? sql`when (${sql.raw(change.when)})` : sql``
      await sql`
        create trigger ${sql.id(change.name)} after ${sql.raw(change.on)} on ${sql.id(table)}
        for each row ${when} execute function ${functionOf(table)}()`.execute(db)
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, changes } of [...announced].reverse()) {
    for (const change of changes)
      await sql`drop trigger ${sql.id(change.name)} on ${sql.id(table)}`.execute(db)
    await sql`drop function ${functionOf(table)}()`.execute(db)
  }
}
