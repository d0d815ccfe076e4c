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

/** Invitations that have expired (accepted or not: an expired one answers as unknown), with their passengers. */
export async function deleteExpiredInvitations(
  db: Db,
  now: Temporal.Instant,
  limit: number,
): Promise<number> {
  const result = await db
    .deleteFrom('invitations')
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('tenant_id', 'code'),
        'in',
        selectFrom('invitations')
          .select(['tenant_id', 'code'])
          .where('expires_at', '<=', now)
          .limit(limit)
          .forUpdate()
          .skipLocked()
          .$asTuple('tenant_id', 'code'),
      ),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Messages written before `cutoff`, with who saw them. */
export async function deleteOldMessages(db: Db, cutoff: Temporal.Instant, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('messages')
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('tenant_id', 'id'),
        'in',
        selectFrom('messages')
          .select(['tenant_id', 'id'])
          .where('created_at', '<', cutoff)
          .limit(limit)
          .forUpdate()
          .skipLocked()
          .$asTuple('tenant_id', 'id'),
      ),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
