import { sql, type Kysely } from 'kysely'

/**
 * A booking its user cancelled while it awaited the operator's decision is `withdrawn` ("this and the
 * following trips" of a series reach rides not yet approved): the operator can no longer approve it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table trips drop constraint trips_approval_check`.execute(db)
  await sql`alter table trips add constraint trips_approval_check check (approval in ('awaiting', 'approved', 'refused', 'withdrawn'))`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table trips drop constraint trips_approval_check`.execute(db)
  await sql`alter table trips add constraint trips_approval_check check (approval in ('awaiting', 'approved', 'refused'))`.execute(
    db,
  )
}
