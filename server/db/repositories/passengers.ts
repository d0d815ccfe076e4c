import { createHash, randomUUID } from 'node:crypto'
import { sql, type Insertable, type Selectable } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import { anyOf } from '../anyOf'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'

export type PassengerRow = Selectable<ScopedDatabase['passengers']>
export type NewPassenger = Omit<Insertable<ScopedDatabase['passengers']>, 'created_at'>
export type AccessCodeRow = Selectable<ScopedDatabase['access_codes']>

/** A user granted a passenger, as the operator sees them. */
export interface GuardianRow {
  userId: string
  name: string
  identityVerified: boolean
  grantedAt: Temporal.Instant
}

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
    /**
     * The passengers named by id or reference, key-share locked until the transaction ends: a write naming them
     * and a passenger's end (which locks it for update) wait for each other, so that neither slips past the other.
     */
    findNamed: (named: { ids: readonly string[]; refs: readonly string[] }): Promise<PassengerRow[]> =>
      db
        .selectFrom('passengers')
        .selectAll()
        .where((eb) => eb.or([eb('id', '=', anyOf(named.ids)), eb('external_ref', '=', anyOf(named.refs))]))
        .forKeyShare()
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
     * two requests cannot both use the same code. Returns the passenger id and whether the grant is new (the
     * user may hold the passenger already), or undefined for an invalid code.
     */
    async claimWithAccessCode(
      userId: string,
      token: string,
      now: Temporal.Instant,
    ): Promise<{ passengerId: string; granted: boolean } | undefined> {
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
        .leftJoin('granted', (join) => join.onTrue())
        .select(['claimed.passenger_id', 'granted.passenger_id as granted'])
        .executeTakeFirst()
      return row && { passengerId: row.passenger_id, granted: row.granted !== null }
    },

    /** Keeps an access code as its hash, with an id to list and revoke it by and its last characters. */
    insertAccessCode: (code: {
      token: string
      passengerId: string
      expiresAt: Temporal.Instant
    }): Promise<AccessCodeRow> =>
      db
        .insertInto('access_codes')
        .values({
          id: randomUUID(),
          token: accessCodeHash(code.token),
          hint: normalizeAccessCode(code.token).slice(-4),
          passenger_id: code.passengerId,
          expires_at: code.expiresAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),

    listAccessCodes: (passengerId: string): Promise<AccessCodeRow[]> =>
      db
        .selectFrom('access_codes')
        .selectAll()
        .where('passenger_id', '=', passengerId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute(),

    /** Forgets an access code, used or not; false for none of this id. */
    async deleteAccessCode(id: string): Promise<boolean> {
      const deleted = await db
        .deleteFrom('access_codes')
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst()
      return deleted !== undefined
    },

    /** The users granted a passenger, earliest first. */
    guardiansOf: (passengerId: string): Promise<GuardianRow[]> =>
      db
        .selectFrom('passenger_grants')
        .innerJoin('users', 'users.id', 'passenger_grants.user_id')
        .select([
          'users.id as userId',
          'users.name',
          'users.identity_verified as identityVerified',
          'passenger_grants.granted_at as grantedAt',
        ])
        .where('passenger_grants.passenger_id', '=', passengerId)
        .orderBy('passenger_grants.granted_at')
        .orderBy('users.id')
        .execute(),

    /**
     * Takes a passenger away from a user, with what the user kept of it: their notification switches for it and
     * their devices' queued notifications about it (an evening reminder that lists it goes whole). The grant's
     * trigger (migration 0007) bumps the user's list version, which every read checks. The passenger's row is
     * locked first: a trip's write, which queues its notifications, updates that row too, so one under way
     * commits first and its queued rows are seen here, and one after it no longer finds the grant. Several
     * statements: call it in a transaction. False when the user was not granted the passenger.
     */
    async withdrawGrant(userId: string, passengerId: string): Promise<boolean> {
      await db.selectFrom('passengers').select('id').where('id', '=', passengerId).forUpdate().execute()
      const deleted = await db
        .deleteFrom('passenger_grants')
        .where('user_id', '=', userId)
        .where('passenger_id', '=', passengerId)
        .returning('user_id')
        .executeTakeFirst()
      if (!deleted) return false
      await db
        .deleteFrom('notification_switches')
        .where('user_id', '=', userId)
        .where('passenger_id', '=', passengerId)
        .execute()
      await db
        .deleteFrom('push_deliveries')
        .where(
          'subscription_id',
          'in',
          db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId),
        )
        // Keys as parameters: the tenant scope refuses raw SQL that spells a table's name, such as `trips`.
        .where(
          sql<boolean>`((data ->> ${'passengerId'}::text) = ${passengerId}
            or (data -> ${'trips'}::text) @> ${JSON.stringify([{ passengerId }])}::jsonb)`,
        )
        .execute()
      return true
    },
  }
}

/**
 * Access codes are typed by hand from a letter or read aloud: compared without spaces or dashes, in any case.
 */
export function normalizeAccessCode(token: string): string {
  return token.replace(/[\s-]+/g, '').toUpperCase()
}

/** What is kept of an access code: a leaked table grants no passenger (the codes are long and random). */
export function accessCodeHash(token: string): string {
  return createHash('sha256').update(normalizeAccessCode(token), 'utf8').digest('hex')
}
