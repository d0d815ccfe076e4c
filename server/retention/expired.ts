import { sql, type RawBuilder } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import { linkKeptAfterPlannedEnd } from '../../src/domain/tracking/linkWindow'
import type { Db } from '../db/schema'

/**
 * One batch of rows that have served their purpose, across tenants, each delete a statement of its own that
 * locks only the rows it takes and skips those another instance is deleting (`skip locked`). Each returns how
 * many rows went; the caller repeats while a batch comes back full.
 */

/** Tracking links whose trip's planned end is a day past (no window can open them again), or revoked a day ago. */
export async function deleteEndedLinks(db: Db, now: Temporal.Instant, limit: number): Promise<number> {
  const cutoff = now.subtract(linkKeptAfterPlannedEnd)
  const result = await db
    .deleteFrom('tracking_links')
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('tenant_id', 'link'),
        'in',
        selectFrom('tracking_links as l')
          .innerJoin('trips as t', (join) =>
            join.onRef('t.tenant_id', '=', 'l.tenant_id').onRef('t.id', '=', 'l.trip_id'),
          )
          .select(['l.tenant_id', 'l.link'])
          .where((where) => where.or([where('t.end_time', '<', cutoff), where('l.revoked_at', '<', cutoff)]))
          .limit(limit)
          .forUpdate(['l'])
          .skipLocked()
          .$asTuple('tenant_id', 'link'),
      ),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** A table whose rows go once a time of theirs has passed: its key beside `tenant_id`, and that time's column. */
interface Dated {
  table: 'invitations' | 'messages' | 'calendar_feeds' | 'email_deliveries' | 'demo_mails'
  key: 'code' | 'id' | 'token'
  time: 'expires_at' | 'created_at' | 'revoked_at'
  /** Which of the rows that old may go (all when absent). */
  also?: RawBuilder<boolean>
}

async function deleteBefore(db: Db, dated: Dated, cutoff: Temporal.Instant, limit: number): Promise<number> {
  const { table, key, time } = dated
  const also = dated.also ?? sql<boolean>`true`
  const result = await sql`
    delete from ${sql.table(table)} where (tenant_id, ${sql.ref(key)}) in (
      select tenant_id, ${sql.ref(key)} from ${sql.table(table)} where ${sql.ref(time)} < ${cutoff} and ${also}
      limit ${limit} for update skip locked)`.execute(db)
  return Number(result.numAffectedRows ?? 0n)
}

/** Invitations that have expired (accepted or not: an expired one answers as unknown), with their passengers. */
export const deleteExpiredInvitations = (db: Db, now: Temporal.Instant, limit: number) =>
  deleteBefore(db, { table: 'invitations', key: 'code', time: 'expires_at' }, now, limit)

/** Messages written before `cutoff`, with who saw them. */
export const deleteOldMessages = (db: Db, cutoff: Temporal.Instant, limit: number) =>
  deleteBefore(db, { table: 'messages', key: 'id', time: 'created_at' }, cutoff, limit)

/**
 * The mail outbox's log older than `cutoff`: sent and failed mails, and any still pending past its expiry (a
 * server with e-mail turned off since leaves them so); one not yet due stays for its sender.
 */
export const deleteOldMails = (db: Db, cutoff: Temporal.Instant, limit: number) =>
  deleteBefore(
    db,
    {
      table: 'email_deliveries',
      key: 'id',
      time: 'created_at',
      also: sql<boolean>`(state <> 'pending' or expires_at < ${cutoff})`,
    },
    cutoff,
    limit,
  )

/** The demo's kept mails a day old: a reset link in them is long dead, and the page lists the newest. */
export const deleteOldDemoMails = (db: Db, now: Temporal.Instant, limit: number) =>
  deleteBefore(db, { table: 'demo_mails', key: 'id', time: 'created_at' }, now.subtract({ hours: 24 }), limit)

/** Calendar feeds revoked a day ago: a revoked token answers as unknown, so the row only says who had it. */
export const deleteRevokedFeeds = (db: Db, now: Temporal.Instant, limit: number) =>
  deleteBefore(
    db,
    { table: 'calendar_feeds', key: 'token', time: 'revoked_at' },
    now.subtract({ hours: 24 }),
    limit,
  )
/**
 * Push subscriptions nothing was delivered to since `cutoff` (counted from their creation when nothing ever was):
 * a device that stopped using the portal, whose push service never said it is gone. Their queued notifications go
 * with them.
 */
export async function deleteStalePushSubscriptions(
  db: Db,
  cutoff: Temporal.Instant,
  limit: number,
): Promise<number> {
  const result = await sql`
    delete from push_subscriptions where (tenant_id, id) in (
      select tenant_id, id from push_subscriptions
      where coalesce(last_delivered_at, created_at) < ${cutoff}
      limit ${limit} for update skip locked)`.execute(db)
  return Number(result.numAffectedRows ?? 0n)
}

/** Once-only marks (a trip's "car is near", a date's reminder) whose event is days past: none can come again. */
export async function deleteOldNotificationMarks(
  db: Db,
  cutoff: Temporal.Instant,
  limit: number,
): Promise<number> {
  const result = await sql`
    delete from notification_marks where (tenant_id, user_id, mark) in (
      select tenant_id, user_id, mark from notification_marks where created_at < ${cutoff}
      limit ${limit} for update skip locked)`.execute(db)
  return Number(result.numAffectedRows ?? 0n)
}

/**
 * Changes of the operator's feed older than `cutoff`, with their webhook deliveries; each tenant's horizon moves
 * to the last position removed, so that a cursor before it is told the feed no longer keeps it.
 */
export async function deleteOldChanges(db: Db, cutoff: Temporal.Instant, limit: number): Promise<number> {
  const result = await sql<{ removed: number }>`
    with gone as (
      delete from operator_changes where (tenant_id, id) in (
        select tenant_id, id from operator_changes where created_at < ${cutoff}
        limit ${limit} for update skip locked)
      returning tenant_id, txid, id
    ), last as (
      select distinct on (tenant_id) tenant_id, txid, id from gone order by tenant_id, txid desc, id desc
    ), moved as (
      insert into operator_change_horizons as h (tenant_id, txid, id) select tenant_id, txid, id from last
      on conflict (tenant_id) do update set txid = excluded.txid, id = excluded.id
      where (h.txid, h.id) < (excluded.txid, excluded.id)
    )
    select count(*)::int as removed from gone`.execute(db)
  return result.rows[0]?.removed ?? 0
}
