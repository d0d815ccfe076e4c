import { sql, type ExpressionBuilder } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { CardCounter, CardReservation } from '../../domain/cardThrottle'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'

/** What a registration is counted by: its card number's and its holder name's subjects (hashed by the caller). */
export interface RegistrationSubjects {
  card: string
  name: string
}

const kinds = ['card', 'name'] as const

/** The two counters of one registration. */
const bothOf =
  (subjects: RegistrationSubjects) => (eb: ExpressionBuilder<ScopedDatabase, 'travel_card_throttles'>) =>
    eb.or(kinds.map((kind) => eb.and([eb('kind', '=', kind), eb('subject', '=', subjects[kind])])))

/**
 * The counters of failed travel card registrations (server/domain/cardThrottle.ts), in the database so that
 * every instance counts the same guesses.
 */
export function travelCardThrottlesRepository(db: ScopedDb) {
  const rows = (subjects: RegistrationSubjects, counters: Record<(typeof kinds)[number], CardCounter>) =>
    kinds.map((kind) => ({
      kind,
      subject: subjects[kind],
      failures: counters[kind].failures,
      counted_since: counters[kind].countedSince,
    }))

  return {
    /**
     * Decides on one registration with `decide` while both counters are locked (in the order of their kind, so
     * two registrations never wait on each other), and stores what it reserved.
     */
    async reserve(
      subjects: RegistrationSubjects,
      now: Temporal.Instant,
      decide: (card?: CardCounter, name?: CardCounter) => CardReservation,
    ): Promise<CardReservation> {
      const fresh = { failures: 0, countedSince: now }
      return db.transaction(async (trx) => {
        // Rows to lock must exist: a first attempt inserts them (counting nothing yet), a concurrent one waits.
        await trx
          .insertInto('travel_card_throttles')
          .values(rows(subjects, { card: fresh, name: fresh }))
          .onConflict((conflict) => conflict.columns(['kind', 'subject']).doNothing())
          .execute()
        const stored = await trx
          .selectFrom('travel_card_throttles')
          .select(['kind', 'failures', 'counted_since'])
          .where(bothOf(subjects))
          .orderBy('kind')
          .forUpdate()
          .execute()
        const counter = (kind: (typeof kinds)[number]) => {
          const row = stored.find((candidate) => candidate.kind === kind)
          return row && { failures: row.failures, countedSince: row.counted_since }
        }
        const reservation = decide(counter('card'), counter('name'))
        if (reservation.allowed) {
          await trx
            .insertInto('travel_card_throttles')
            .values(rows(subjects, reservation))
            .onConflict((conflict) =>
              conflict.columns(['kind', 'subject']).doUpdateSet((eb) => ({
                failures: eb.ref('excluded.failures'),
                counted_since: eb.ref('excluded.counted_since'),
              })),
            )
            .execute()
        }
        return reservation
      })
    },

    /** A registration that matched: its own reservation no longer counts (nobody else's failures are forgiven). */
    async forgive(subjects: RegistrationSubjects): Promise<void> {
      await db
        .updateTable('travel_card_throttles')
        .set({ failures: sql<number>`greatest(failures - 1, 0)` })
        .where(bothOf(subjects))
        .execute()
    },

    /** Counters whose window began before `before` count nothing any more. */
    async pruneBefore(before: Temporal.Instant): Promise<void> {
      await db.deleteFrom('travel_card_throttles').where('counted_since', '<', before).execute()
    },
  }
}
