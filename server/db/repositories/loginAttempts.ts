import { sql } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { Reservation, ThrottleCounter } from '../../domain/loginThrottle'
import type { ScopedDb } from '../tenantScope'

type Kind = 'address' | 'pair'

/**
 * The login throttle's counters (server/domain/loginThrottle.ts), in the database so every instance counts the
 * same attempts. A reservation locks both counters (address first, always, so two never wait on each other).
 */
export function loginAttemptsRepository(db: ScopedDb) {
  const subjects = (userName: string, ip: string): Record<Kind, string> => ({
    address: ip,
    pair: `${ip} ${userName.toLowerCase()}`,
  })

  async function locked(trx: ScopedDb, kind: Kind, subject: string): Promise<ThrottleCounter | undefined> {
    const row = await trx
      .selectFrom('login_throttles')
      .select(['failures', 'counted_since', 'next_allowed_at'])
      .where('kind', '=', kind)
      .where('subject', '=', subject)
      .forUpdate()
      .executeTakeFirst()
    return (
      row && { failures: row.failures, countedSince: row.counted_since, nextAllowedAt: row.next_allowed_at }
    )
  }

  async function save(trx: ScopedDb, kind: Kind, subject: string, counter: ThrottleCounter): Promise<void> {
    const values = {
      failures: counter.failures,
      counted_since: counter.countedSince,
      next_allowed_at: counter.nextAllowedAt,
    }
    await trx
      .insertInto('login_throttles')
      .values({ kind, subject, ...values })
      .onConflict((conflict) => conflict.columns(['kind', 'subject']).doUpdateSet(values))
      .execute()
  }

  return {
    /** Decides on one attempt with `decide` while both counters are locked, and stores what it reserved. */
    async reserve(
      userName: string,
      ip: string,
      now: Temporal.Instant,
      decide: (address?: ThrottleCounter, pair?: ThrottleCounter) => Reservation,
    ): Promise<Reservation> {
      const subject = subjects(userName, ip)
      return db.transaction(async (trx) => {
        // Rows to lock must exist: a first attempt inserts them (counting nothing yet), a concurrent one waits.
        await trx
          .insertInto('login_throttles')
          .values(
            (['address', 'pair'] as const).map((kind) => ({
              kind,
              subject: subject[kind],
              failures: 0,
              counted_since: now,
              next_allowed_at: now,
            })),
          )
          .onConflict((conflict) => conflict.columns(['kind', 'subject']).doNothing())
          .execute()
        const reservation = decide(
          await locked(trx, 'address', subject.address),
          await locked(trx, 'pair', subject.pair),
        )
        if (reservation.allowed) {
          await save(trx, 'address', subject.address, reservation.address)
          await save(trx, 'pair', subject.pair, reservation.pair)
        }
        return reservation
      })
    },

    /** A successful login: the pair starts over, and the attempt no longer counts against the address. */
    async forgive(userName: string, ip: string): Promise<void> {
      const subject = subjects(userName, ip)
      await db
        .deleteFrom('login_throttles')
        .where('kind', '=', 'pair')
        .where('subject', '=', subject.pair)
        .execute()
      await db
        .updateTable('login_throttles')
        .set({ failures: sql<number>`greatest(failures - 1, 0)` })
        .where('kind', '=', 'address')
        .where('subject', '=', subject.address)
        .execute()
    },

    /** A password reset by mail: the username's counters from every address start over. */
    async forgiveUserName(userName: string): Promise<void> {
      // A pair's subject is `${ip} ${username}`: an address has no space, so the username follows the first.
      await db
        .deleteFrom('login_throttles')
        .where('kind', '=', 'pair')
        .where(sql<string>`substr(subject, strpos(subject, ' ') + 1)`, '=', userName.toLowerCase())
        .execute()
    },

    /** Counters that have not counted anything since `before` are spent. */
    async pruneBefore(before: Temporal.Instant): Promise<void> {
      await db
        .deleteFrom('login_throttles')
        .where('counted_since', '<', before)
        .where('next_allowed_at', '<', before)
        .execute()
    },
  }
}
