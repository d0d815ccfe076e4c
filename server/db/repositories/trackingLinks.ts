import type { Selectable } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'

export type TrackingLinkRow = Selectable<ScopedDatabase['tracking_links']>

export type LinkCreator = { userId: string } | { operatorKeyId: string }

/** Whose links a call may revoke: a user's own, or the operator's. */
export type LinkMaker = { userId: string } | 'operator'

/** Tracking links (migration 0010). Which trip's and whose they may be is judged by the caller (server/tracking/). */
export function trackingLinksRepository(db: ScopedDb) {
  return {
    async create(link: string, tripId: string, date: string, creator: LinkCreator): Promise<TrackingLinkRow> {
      return db
        .insertInto('tracking_links')
        .values({
          link,
          trip_id: tripId,
          date,
          created_by_user_id: 'userId' in creator ? creator.userId : null,
          created_by_operator_key_id: 'operatorKeyId' in creator ? creator.operatorKeyId : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    },

    /** The operator's links (by any of the tenant's keys) of a trip on a date that are not revoked, oldest first. */
    listOfOperator: (tripId: string, date: string): Promise<TrackingLinkRow[]> =>
      db
        .selectFrom('tracking_links')
        .selectAll()
        .where('trip_id', '=', tripId)
        .where('date', '=', date)
        .where('created_by_operator_key_id', 'is not', null)
        .where('revoked_at', 'is', null)
        .orderBy('created_at')
        .orderBy('link')
        .execute(),

    /** The user's newest link of a trip on a date that is not revoked. */
    latestOfUser: (tripId: string, date: string, userId: string): Promise<TrackingLinkRow | undefined> =>
      db
        .selectFrom('tracking_links')
        .selectAll()
        .where('trip_id', '=', tripId)
        .where('date', '=', date)
        .where('created_by_user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /**
     * Revokes a link its maker made: the user's own, or one the operator made (by any of the tenant's keys); false
     * when there is no such link (unknown, another's, or revoked).
     */
    async revoke(link: string, maker: LinkMaker, at: Temporal.Instant): Promise<boolean> {
      const result = await db
        .updateTable('tracking_links')
        .set({ revoked_at: at })
        .where('link', '=', link)
        .where((eb) =>
          maker === 'operator'
            ? eb('created_by_operator_key_id', 'is not', null)
            : eb('created_by_user_id', '=', maker.userId),
        )
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return result.numUpdatedRows === 1n
    },
  }
}
