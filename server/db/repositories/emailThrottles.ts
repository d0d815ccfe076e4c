import type { Temporal } from 'temporal-polyfill'
import type { ScopedDb } from '../tenantScope'

export type EmailThrottleKind = 'address' | 'email'

/**
 * The password recovery's counters (migration 0028, server/accountMail/recoveryLimits.ts): per client address
 * and per e-mail address, in the database so that every instance counts the same requests. A counter counts in
 * a fixed window from its first request; one whose window has passed starts over.
 */
export function emailThrottlesRepository(db: ScopedDb) {
  return {
    /** Counts one request of `subject` and answers its count in the window (this one included). */
    async count(
      kind: EmailThrottleKind,
      subject: string,
      now: Temporal.Instant,
      windowStart: Temporal.Instant,
    ): Promise<number> {
      const row = await db
        .insertInto('email_throttles')
        .values({ kind, subject, count: 1, counted_since: now })
        .onConflict((conflict) =>
          conflict.columns(['kind', 'subject']).doUpdateSet((eb) => {
            const spent = eb('email_throttles.counted_since', '<=', windowStart)
            return {
              count: eb
                .case()
                .when(spent)
                .then(1)
                .else(eb('email_throttles.count', '+', 1))
                .end(),
              counted_since: eb
                .case()
                .when(spent)
                .then(eb.ref('excluded.counted_since'))
                .else(eb.ref('email_throttles.counted_since'))
                .end(),
            }
          }),
        )
        .returning('count')
        .executeTakeFirstOrThrow()
      return row.count
    },

    /** Counters that have not counted anything since `before` are spent. */
    async pruneBefore(before: Temporal.Instant): Promise<void> {
      await db.deleteFrom('email_throttles').where('counted_since', '<', before).execute()
    },
  }
}
