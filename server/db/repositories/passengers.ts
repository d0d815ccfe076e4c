import { createHash, randomUUID } from 'node:crypto'
import type { Insertable, Selectable } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import { anyOf } from '../anyOf'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'

export type PassengerRow = Selectable<ScopedDatabase['passengers']>
export type NewPassenger = Omit<Insertable<ScopedDatabase['passengers']>, 'created_at'>
/** A passenger as the operator writes it, by its reference. */
export type PassengerByRef = Pick<PassengerRow, 'id' | 'name' | 'phone' | 'avatar_text' | 'language'> & {
  external_ref: string
}

/**
 * The passengers of the tenant granted to a user: passengers reach a user only through grants, and every lookup
 * for a user starts here (also the trips repository's).
 */
export function grantedTo(db: ScopedDb, userId: string) {
  return db
    .selectFrom('passengers')
    .innerJoin('passenger_grants', 'passenger_grants.passenger_id', 'passengers.id')
    .where('passenger_grants.user_id', '=', userId)
}

export function passengersRepository(db: ScopedDb) {
  const granted = (userId: string) => grantedTo(db, userId).selectAll('passengers')

  return {
    listGranted: (userId: string): Promise<PassengerRow[]> =>
      granted(userId).orderBy('passengers.name').orderBy('passengers.id').execute(),

    findGranted: (userId: string, passengerId: string): Promise<PassengerRow | undefined> =>
      granted(userId).where('passengers.id', '=', passengerId).executeTakeFirst(),

    /** Any passenger of the tenant, granted or not: for the operator API, never for a user's request. */
    find: (passengerId: string): Promise<PassengerRow | undefined> =>
      db.selectFrom('passengers').selectAll().where('id', '=', passengerId).executeTakeFirst(),

    /** The tenant's passengers named by id or by the operator's reference: one query for a batch. */
    findNamed: (named: { ids: readonly string[]; refs: readonly string[] }): Promise<PassengerRow[]> =>
      db
        .selectFrom('passengers')
        .selectAll()
        .where((eb) => eb.or([eb('id', '=', anyOf(named.ids)), eb('external_ref', '=', anyOf(named.refs))]))
        .execute(),

    /** Up to `limit` of the tenant's passengers in the order of their ids, after `after` when given. */
    listPage(after: string | null, limit: number): Promise<PassengerRow[]> {
      const query = db.selectFrom('passengers').selectAll().orderBy('id').limit(limit)
      return (after === null ? query : query.where('id', '>', after)).execute()
    },

    /**
     * Inserts each passenger, or updates the tenant's passenger with its reference (keeping that one's id) unless
     * the operator ended it: one statement. Answers the rows written, so an ended passenger's is not among them.
     * References must not repeat (PostgreSQL refuses to update a row twice in one statement).
     */
    async upsertByRef(passengers: readonly PassengerByRef[]): Promise<PassengerRow[]> {
      if (passengers.length === 0) return []
      return db
        .insertInto('passengers')
        .values(passengers)
        .onConflict((conflict) =>
          conflict
            .column('external_ref')
            .doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              phone: eb.ref('excluded.phone'),
              avatar_text: eb.ref('excluded.avatar_text'),
              language: eb.ref('excluded.language'),
            }))
            .where('passengers.ended_at', 'is', null),
        )
        .returningAll()
        .execute()
    },

    async updateAvatarText(passengerId: string, avatarText: string): Promise<PassengerRow> {
      return db
        .updateTable('passengers')
        .set({ avatar_text: avatarText })
        .where('id', '=', passengerId)
        .returningAll()
        .executeTakeFirstOrThrow()
    },

    async insertMany(passengers: readonly NewPassenger[]): Promise<void> {
      if (passengers.length === 0) return
      await db.insertInto('passengers').values(passengers).execute()
    },

    async grant(userId: string, passengerIds: readonly string[]): Promise<void> {
      if (passengerIds.length === 0) return
      await db
        .insertInto('passenger_grants')
        .values(
          passengerIds.map((passengerId) => ({
            user_id: userId,
            passenger_id: passengerId,
          })),
        )
        .onConflict((conflict) => conflict.columns(['user_id', 'passenger_id']).doNothing())
        .execute()
    },

    /**
     * Uses up an unused, unexpired access code and grants its passenger to the user, in one statement so that
     * two requests cannot both use the same code. Returns the passenger id, or undefined for an invalid code.
     */
    async claimWithAccessCode(
      userId: string,
      token: string,
      now: Temporal.Instant,
    ): Promise<string | undefined> {
      const row = await db
        .with('claimed', (qb) =>
          qb
            .updateTable('access_codes')
            .set({ used_at: now, used_by_user_id: userId })
            .where('token', '=', accessCodeHash(token))
            .where('used_at', 'is', null)
            .where('expires_at', '>', now)
            .returning('passenger_id'),
        )
        .with('granted', (qb) =>
          qb
            .insertInto('passenger_grants')
            .columns(['user_id', 'passenger_id'])
            .expression((eb) =>
              eb.selectFrom('claimed').select((s) => [s.val(userId).as('user_id'), 'passenger_id']),
            )
            .onConflict((conflict) => conflict.columns(['user_id', 'passenger_id']).doNothing())
            .returning('passenger_id'),
        )
        .selectFrom('claimed')
        .select('passenger_id')
        .executeTakeFirst()
      return row?.passenger_id
    },

    async insertAccessCodes(
      codes: readonly { token: string; passengerId: string; expiresAt: Temporal.Instant }[],
    ): Promise<void> {
      if (codes.length === 0) return
      await db
        .insertInto('access_codes')
        .values(
          codes.map((code) => ({
            id: randomUUID(),
            token: accessCodeHash(code.token),
            hint: normalizeAccessCode(code.token).slice(-4),
            passenger_id: code.passengerId,
            expires_at: code.expiresAt,
          })),
        )
        .execute()
    },
  }
}

/** Access codes are typed by hand: compared trimmed and case-insensitively. */
export function normalizeAccessCode(token: string): string {
  return token.trim().toUpperCase()
}

/** What is kept of an access code: a leaked table grants no passenger (the codes are long and random). */
export function accessCodeHash(token: string): string {
  return createHash('sha256').update(normalizeAccessCode(token), 'utf8').digest('hex')
}
