import type { Selectable } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { Locale } from '../../../src/domain/locale'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'

export type CalendarFeedRow = Selectable<ScopedDatabase['calendar_feeds']>

/** Calendar feeds (migration 0019): at most one live feed per user; the token is the feed's only secret. */
export function calendarFeedsRepository(db: ScopedDb) {
  const live = () => db.selectFrom('calendar_feeds').selectAll().where('revoked_at', 'is', null)
  return {
    /** The user's feed that is not revoked, if any. */
    currentOf: (userId: string): Promise<CalendarFeedRow | undefined> =>
      live().where('user_id', '=', userId).executeTakeFirst(),

    /** The live feed a token names, in this tenant. */
    findLive: (token: string): Promise<CalendarFeedRow | undefined> =>
      live().where('token', '=', token).executeTakeFirst(),

    /**
     * Revokes the user's live feed and makes `token` theirs; call inside a transaction. The user's row is locked
     * first, so two renewals at once run one after the other and the second revokes the first's.
     */
    async renew(
      userId: string,
      token: string,
      locale: Locale,
      at: Temporal.Instant,
    ): Promise<CalendarFeedRow> {
      await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()
      await db
        .updateTable('calendar_feeds')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute()
      return db
        .insertInto('calendar_feeds')
        .values({ token, user_id: userId, locale })
        .returningAll()
        .executeTakeFirstOrThrow()
    },
  }
}
