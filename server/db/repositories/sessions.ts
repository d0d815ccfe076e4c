import { sql } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { SessionLifetime } from '../../domain/sessionLifetime'
import type { ScopedDb } from '../tenantScope'
import type { Locale } from '../../../src/domain/locale'
import type { UserRow } from './users'

export interface LiveSession {
  sid: string
  userId: string
  /** The language and portal root the user last used (`users.locale`, `users.portal_url`). */
  userLocale: Locale | null
  userPortalUrl: string | null
  /** When the session ends as it stands (`sessions.expires_at`). */
  expiresAt: Temporal.Instant
}

export function sessionsRepository(db: ScopedDb) {
  return {
    async create(idHash: string, sid: string, userId: string, expiresAt: Temporal.Instant): Promise<void> {
      await db
        .insertInto('sessions')
        .values({ id_hash: idHash, sid, user_id: userId, expires_at: expiresAt })
        .execute()
    },

    /** The live session of a cookie with its user's language, or undefined when unknown or expired. */
    async findLive(idHash: string, now: Temporal.Instant): Promise<LiveSession | undefined> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.sid',
          'sessions.user_id',
          'sessions.expires_at',
          'users.locale',
          'users.portal_url',
        ])
        .where('sessions.id_hash', '=', idHash)
        .where('sessions.expires_at', '>', now)
        .executeTakeFirst()
      return (
        row && {
          sid: row.sid,
          userId: row.user_id,
          userLocale: row.locale,
          userPortalUrl: row.portal_url,
          expiresAt: row.expires_at,
        }
      )
    },

    /** The user of the live session an access token names, with the session's expiry, in one query. */
    async findUserBySid(
      sid: string,
      now: Temporal.Instant,
    ): Promise<{ user: UserRow; expiresAt: Temporal.Instant } | undefined> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select('sessions.expires_at as session_expires_at')
        .where('sessions.sid', '=', sid)
        .where('sessions.expires_at', '>', now)
        .executeTakeFirst()
      if (!row) return undefined
      const { session_expires_at: expiresAt, ...user } = row
      return { user, expiresAt }
    },

    /** Ends a session; answers its public id so the caller can forget tokens naming it. */
    async delete(idHash: string): Promise<string | undefined> {
      const row = await db
        .deleteFrom('sessions')
        .where('id_hash', '=', idHash)
        .returning('sid')
        .executeTakeFirst()
      return row?.sid
    },

    /** Ends every session of the user but `keepSid`. */
    async deleteOthersOfUser(userId: string, keepSid: string): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).where('sid', '<>', keepSid).execute()
    },

    /** Ends every session of the user (a password reset by mail: none is kept). */
    async deleteAllOfUser(userId: string): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute()
    },

    /**
     * Moves a live session's end to the idle time from now, capped at its start plus the cap. Written only when
     * that moves it a minute or more, so the portal's token refreshes do not write (and announce) each time.
     * Answers the session's end after the call, or undefined when it is no longer live.
     */
    async slide(
      sid: string,
      now: Temporal.Instant,
      lifetime: SessionLifetime,
    ): Promise<Temporal.Instant | undefined> {
      const idleEnd = now.add({ seconds: lifetime.idleSeconds })
      const capEnd = sql<Temporal.Instant>`created_at + make_interval(secs => ${lifetime.maxSeconds})`
      const end = sql<Temporal.Instant>`least(${idleEnd.toString()}::timestamptz, ${capEnd})`
      const moved = await db
        .updateTable('sessions')
        .set({ expires_at: end })
        .where('sid', '=', sid)
        .where('expires_at', '>', now)
        .where(sql<boolean>`${end} >= expires_at + interval '1 minute'`)
        .returning('expires_at')
        .executeTakeFirst()
      if (moved) return moved.expires_at
      // Not written: the end is where it was (or another request has just moved it).
      const row = await db
        .selectFrom('sessions')
        .select('expires_at')
        .where('sid', '=', sid)
        .where('expires_at', '>', now)
        .executeTakeFirst()
      return row?.expires_at
    },

    async deleteExpired(now: Temporal.Instant): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', now).execute()
    },
  }
}
