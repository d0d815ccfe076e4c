import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'

export type TrackingLinkRow = Selectable<ScopedDatabase['tracking_links']>

export type LinkCreator = { userId: string } | { operatorKeyId: string }

/** Whose links a call may revoke: a user's own, or the operator's. */
export type LinkMaker = { userId: string } | 'operator'

const madeBy =
  (maker: LinkMaker) =>
  (eb: ExpressionBuilder<ScopedDatabase, 'tracking_links'>): Expression<SqlBool> =>
    maker === 'operator'
      ? eb('created_by_operator_key_id', 'is not', null)
      : eb('created_by_user_id', '=', maker.userId)

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

    /**
     * A maker's links of a trip on a date that are not revoked, oldest first: the user's own, or the operator's (by
     * any of the tenant's keys).
     */
    listOf: (tripId: string, date: string, maker: LinkMaker): Promise<TrackingLinkRow[]> =>
      db
        .selectFrom('tracking_links')
        .selectAll()
        .where('trip_id', '=', tripId)
        .where('date', '=', date)
        .where(madeBy(maker))
        .where('revoked_at', 'is', null)
        .orderBy('created_at')
        .orderBy('link')
        .execute(),

    /**
     * Revokes a link its maker made, answering it as revoked; undefined when there is no such link (unknown,
     * another's, or revoked).
     */
    revoke: (link: string, maker: LinkMaker, at: Temporal.Instant): Promise<TrackingLinkRow | undefined> =>
      db
        .updateTable('tracking_links')
        .set({ revoked_at: at })
        .where('link', '=', link)
        .where(madeBy(maker))
        .where('revoked_at', 'is', null)
        .returningAll()
        .executeTakeFirst(),
  }
}
