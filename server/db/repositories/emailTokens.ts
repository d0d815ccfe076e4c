import type { Selectable } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'

export type EmailTokenRow = Selectable<ScopedDatabase['email_tokens']>
export type EmailTokenPurpose = EmailTokenRow['purpose']

/**
 * Single-use, time-limited links (migration 0028): an address's confirmation and a password reset. Only the
 * token's SHA-256 is stored (server/accountMail/linkTokens.ts).
 */
export function emailTokensRepository(db: ScopedDb) {
  return {
    async create(token: {
      hash: string
      userId: string
      purpose: EmailTokenPurpose
      email: string
      expiresAt: Temporal.Instant
    }): Promise<void> {
      await db
        .insertInto('email_tokens')
        .values({
          token_hash: token.hash,
          user_id: token.userId,
          purpose: token.purpose,
          email: token.email,
          expires_at: token.expiresAt,
        })
        .execute()
    },

    /** The token of this hash and purpose, live or not, locked for the transaction when `lock` says so. */
    find(hash: string, purpose: EmailTokenPurpose, lock = false): Promise<EmailTokenRow | undefined> {
      const query = db
        .selectFrom('email_tokens')
        .selectAll()
        .where('token_hash', '=', hash)
        .where('purpose', '=', purpose)
      return (lock ? query.forUpdate() : query).executeTakeFirst()
    },

    /** Uses up every live token of the user for `purpose` (the one just used among them). */
    async useAllOfUser(userId: string, purpose: EmailTokenPurpose, now: Temporal.Instant): Promise<void> {
      await db
        .updateTable('email_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute()
    },

    /** Links that stopped working before `before` are forgotten (a later click finds an unknown link). */
    async deleteExpiredBefore(before: Temporal.Instant): Promise<void> {
      await db.deleteFrom('email_tokens').where('expires_at', '<', before).execute()
    },

    /** How many tokens of `purpose` the user was given since `since` (the confirmation's resend limits). */
    async countSince(userId: string, purpose: EmailTokenPurpose, since: Temporal.Instant): Promise<number> {
      const row = await db
        .selectFrom('email_tokens')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow()
      return Number(row.count)
    },
  }
}
