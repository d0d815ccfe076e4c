import type { Selectable } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'
import type { PassengerRow } from './passengers'

export type InvitationRow = Selectable<ScopedDatabase['invitations']>
export type TravelCardRow = Selectable<ScopedDatabase['travel_cards']>

export interface NewInvitation {
  code: string
  expiresAt: Temporal.Instant
  passengerIds: readonly string[]
  /** The travel card whose registration made it (normalized), if one did. */
  travelCardNumber?: string
}

/** Invitations and travel cards (migration 0013). Who may see or accept one is judged by server/invitations/. */
export function invitationsRepository(db: ScopedDb) {
  return {
    /** An invitation that has not expired, accepted or not. */
    findLive: (code: string, now: Temporal.Instant): Promise<InvitationRow | undefined> =>
      db
        .selectFrom('invitations')
        .selectAll()
        .where('code', '=', code)
        .where('expires_at', '>', now)
        .executeTakeFirst(),

    /** The passengers an invitation grants, by name. */
    passengersOf: (code: string): Promise<PassengerRow[]> =>
      db
        .selectFrom('invitation_passengers')
        .innerJoin('passengers', 'passengers.id', 'invitation_passengers.passenger_id')
        .selectAll('passengers')
        .where('invitation_passengers.code', '=', code)
        .orderBy('passengers.name')
        .orderBy('passengers.id')
        .execute(),

    /** Who is granted each passenger of an invitation now: its guardians. */
    guardiansOf: (code: string): Promise<{ passengerId: string; userId: string }[]> =>
      db
        .selectFrom('invitation_passengers as ip')
        .innerJoin('passenger_grants as g', 'g.passenger_id', 'ip.passenger_id')
        .select(['ip.passenger_id as passengerId', 'g.user_id as userId'])
        .where('ip.code', '=', code)
        .execute(),

    /**
     * Locks an invitation's passengers until the transaction ends, so that who their guardians are cannot change
     * meanwhile: FOR UPDATE, which also waits for a grant being inserted anywhere else (its foreign key holds a
     * key-share lock on the passenger until it commits).
     */
    async lockPassengers(code: string): Promise<void> {
      await db
        .selectFrom('passengers')
        .select('id')
        .where(
          'id',
          'in',
          db.selectFrom('invitation_passengers').select('passenger_id').where('code', '=', code),
        )
        .orderBy('id')
        .forUpdate()
        .execute()
    },

    /** Two statements: call it in a transaction. */
    async create(invitation: NewInvitation): Promise<InvitationRow> {
      const row = await db
        .insertInto('invitations')
        .values({
          code: invitation.code,
          expires_at: invitation.expiresAt,
          travel_card_number: invitation.travelCardNumber ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      if (invitation.passengerIds.length > 0) {
        await db
          .insertInto('invitation_passengers')
          .values(
            invitation.passengerIds.map((passengerId) => ({ code: row.code, passenger_id: passengerId })),
          )
          .execute()
      }
      return row
    },

    /**
     * Accepts a live invitation for the user and grants them its passengers, in one statement, so that of two
     * users accepting at once only the first gets it. The same user again changes nothing (grants they still
     * have stay, one taken away since comes back). Answers the passengers granted by it now, not held before;
     * undefined when it is unknown, expired or another user's.
     */
    async accept(code: string, userId: string, now: Temporal.Instant): Promise<string[] | undefined> {
      const rows = await db
        .with('accepted', (qb) =>
          qb
            .updateTable('invitations')
            .set((eb) => ({
              accepted_at: eb.fn.coalesce('accepted_at', eb.val(now)),
              accepted_by_user_id: eb.val(userId),
            }))
            .where('code', '=', code)
            .where('expires_at', '>', now)
            .where((eb) =>
              eb.or([eb('accepted_by_user_id', 'is', null), eb('accepted_by_user_id', '=', userId)]),
            )
            .returning('code'),
        )
        .with('granted', (qb) =>
          qb
            .insertInto('passenger_grants')
            .columns(['user_id', 'passenger_id'])
            .expression((eb) =>
              eb
                .selectFrom('invitation_passengers')
                .innerJoin('accepted', 'accepted.code', 'invitation_passengers.code')
                .select((s) => [s.val(userId).as('user_id'), 'invitation_passengers.passenger_id']),
            )
            .onConflict((conflict) => conflict.columns(['user_id', 'passenger_id']).doNothing())
            .returning('passenger_id'),
        )
        .selectFrom('accepted')
        .leftJoin('granted', (join) => join.onTrue())
        .select('granted.passenger_id')
        .execute()
      if (rows.length === 0) return undefined
      return rows.flatMap((row) => (row.passenger_id === null ? [] : [row.passenger_id]))
    },

    /** Forgets an invitation, accepted or not (the grants it gave stay); false for none of this code. */
    async delete(code: string): Promise<boolean> {
      const deleted = await db
        .deleteFrom('invitations')
        .where('code', '=', code)
        .returning('code')
        .executeTakeFirst()
      return deleted !== undefined
    },

    /** Forgets invitations that can no longer be accepted or shown; the grants they gave stay. */
    async deleteExpired(now: Temporal.Instant): Promise<void> {
      await db.deleteFrom('invitations').where('expires_at', '<=', now).execute()
    },

    /** A travel card by its number, however it was typed; `lock` keeps its row until the transaction ends. */
    findCard: (cardNumber: string, options: { lock?: boolean } = {}): Promise<TravelCardRow | undefined> =>
      db
        .selectFrom('travel_cards')
        .selectAll()
        .where('card_number', '=', normalizeCardNumber(cardNumber))
        .$if(options.lock === true, (query) => query.forUpdate())
        .executeTakeFirst(),

    cardsOf: (passengerId: string): Promise<TravelCardRow[]> =>
      db
        .selectFrom('travel_cards')
        .selectAll()
        .where('passenger_id', '=', passengerId)
        .orderBy('card_number')
        .execute(),

    /** Issues a card, or gives an issued one (however its number was typed) another passenger or holder. */
    putCard: (card: {
      cardNumber: string
      holderName: string
      passengerId: string
    }): Promise<TravelCardRow> =>
      db
        .insertInto('travel_cards')
        .values({
          card_number: normalizeCardNumber(card.cardNumber),
          holder_name: card.holderName,
          passenger_id: card.passengerId,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['card_number'])
            .doUpdateSet({ holder_name: card.holderName, passenger_id: card.passengerId }),
        )
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** Takes a card away, and its invitations with it (migration 0016); false for none of this number. */
    async deleteCard(cardNumber: string): Promise<boolean> {
      const deleted = await db
        .deleteFrom('travel_cards')
        .where('card_number', '=', normalizeCardNumber(cardNumber))
        .returning('card_number')
        .executeTakeFirst()
      return deleted !== undefined
    },

    /** Forgets the invitations a card's registrations made, accepted or not (the grants they gave stay). */
    async deleteCardInvitations(cardNumber: string): Promise<void> {
      await db
        .deleteFrom('invitations')
        .where('travel_card_number', '=', normalizeCardNumber(cardNumber))
        .execute()
    },
  }
}

/** People copy a card's number with or without its spaces or dashes: stored and compared without, upper-cased. */
export function normalizeCardNumber(cardNumber: string): string {
  return cardNumber.replace(/[\s-]+/g, '').toUpperCase()
}
