import { sql, type ExpressionBuilder } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'

/** A message with the names it shows; `seenAt` is the reader's (see `forUser` and `forOperator`). */
export interface MessageRecord {
  id: string
  /** The order it arrived in: a bigint, as text. */
  seq: string
  passengerId: string
  /** The writing user with their name, or the operator with its signature. */
  from: { kind: 'user'; id: string; name: string } | { kind: 'operator'; name: string }
  content: string
  createdAt: Temporal.Instant
  confirmationRequested: boolean
  confirmedAt: Temporal.Instant | null
  confirmedBy: { id: string; name: string } | null
  seenAt: Temporal.Instant | null
}

export interface NewMessage {
  id: string
  passengerId: string
  from: { userId: string } | { operatorName: string }
  content: string
  createdAt: Temporal.Instant
  confirmationRequested: boolean
}

/** A passenger's newest message: what the demo simulator answers. */
export interface LatestMessage {
  passengerId: string
  sender: 'user' | 'operator'
  createdAt: Temporal.Instant
}

type Messages = ExpressionBuilder<ScopedDatabase & { m: ScopedDatabase['messages'] }, 'm'>

/** A seeded message of the past may have been confirmed already. */
export interface PastMessage extends NewMessage {
  confirmedBy?: { userId: string; at: Temporal.Instant }
}

const rowOf = (message: PastMessage) => ({
  id: message.id,
  passenger_id: message.passengerId,
  sender: 'userId' in message.from ? ('user' as const) : ('operator' as const),
  sender_user_id: 'userId' in message.from ? message.from.userId : null,
  sender_name: 'operatorName' in message.from ? message.from.operatorName : null,
  content: message.content,
  created_at: message.createdAt,
  confirmation_requested: message.confirmationRequested,
  confirmed_at: message.confirmedBy?.at ?? null,
  confirmed_by_user_id: message.confirmedBy?.userId ?? null,
})

/** Messages of the passengers granted to the user. */
const grantedTo = (userId: string) => (eb: Messages) =>
  eb(
    'm.passenger_id',
    'in',
    eb.selectFrom('passenger_grants').select('passenger_id').where('user_id', '=', userId),
  )

/**
 * Messages (migration 0012) in the order they arrived. Whose they are is judged here for users (their grants)
 * and by the caller for the operator; what a user may do to one, by the caller (server/messages/).
 */
export function messagesRepository(db: ScopedDb) {
  const records = () =>
    db
      .selectFrom('messages as m')
      .leftJoin('users as s', 's.id', 'm.sender_user_id')
      .leftJoin('users as c', 'c.id', 'm.confirmed_by_user_id')
      .select((eb) => [
        'm.id',
        eb.cast<string>('m.seq', 'text').as('seq'),
        'm.passenger_id',
        'm.sender_user_id',
        eb.fn.coalesce('m.sender_name', 's.name').$notNull().as('sender_name'),
        'm.content',
        'm.created_at',
        'm.confirmation_requested',
        'm.confirmed_at',
        'm.confirmed_by_user_id',
        'c.name as confirmed_by_name',
      ])

  /** As the user reads them: granted, with when this user saw each. */
  const forUser = (userId: string) =>
    records()
      .leftJoin('message_seen as v', (join) =>
        join.onRef('v.message_id', '=', 'm.id').on('v.user_id', '=', userId),
      )
      .select('v.seen_at')
      .where(grantedTo(userId))

  /** As the operator reads them: with when a user first saw each. */
  const forOperator = () =>
    records().select((eb) =>
      eb
        .selectFrom('message_seen as v')
        .select((inner) => inner.fn.min('v.seen_at').as('first_seen'))
        .whereRef('v.message_id', '=', 'm.id')
        .as('seen_at'),
    )

  type Row = Awaited<ReturnType<ReturnType<typeof forUser>['execute']>>[number]
  const toRecord = (row: Omit<Row, 'seen_at'> & { seen_at: Temporal.Instant | null }): MessageRecord => ({
    id: row.id,
    seq: row.seq,
    passengerId: row.passenger_id,
    from:
      row.sender_user_id === null
        ? { kind: 'operator', name: row.sender_name }
        : { kind: 'user', id: row.sender_user_id, name: row.sender_name },
    content: row.content,
    createdAt: row.created_at,
    confirmationRequested: row.confirmation_requested,
    confirmedAt: row.confirmed_at,
    confirmedBy:
      row.confirmed_by_user_id === null
        ? null
        : { id: row.confirmed_by_user_id, name: row.confirmed_by_name ?? '' },
    seenAt: row.seen_at,
  })

  return {
    /** How many messages the user may read, and how many of them are others' that the user has not seen. */
    async countForUser(userId: string): Promise<{ total: number; unseen: number }> {
      return db
        .selectFrom('messages as m')
        .leftJoin('message_seen as v', (join) =>
          join.onRef('v.message_id', '=', 'm.id').on('v.user_id', '=', userId),
        )
        .where(grantedTo(userId))
        .select([
          sql<number>`count(*)::int`.as('total'),
          sql<number>`(count(*) filter (where m.sender_user_id is distinct from ${userId} and v.seen_at is null))::int`.as(
            'unseen',
          ),
        ])
        .executeTakeFirstOrThrow()
    },

    /** The user's messages from `offset` on in the order they arrived, with when the user saw each. */
    async pageForUser(userId: string, offset: number, limit: number): Promise<MessageRecord[]> {
      const rows = await forUser(userId).orderBy('m.seq').offset(offset).limit(limit).execute()
      return rows.map(toRecord)
    },

    /** A message of the user's passengers, with when the user saw it; undefined for any other. */
    async findForUser(userId: string, messageId: string): Promise<MessageRecord | undefined> {
      const row = await forUser(userId).where('m.id', '=', messageId).executeTakeFirst()
      return row && toRecord(row)
    },

    /** A message of the tenant as the operator sees it. */
    async find(messageId: string): Promise<MessageRecord | undefined> {
      const row = await forOperator().where('m.id', '=', messageId).executeTakeFirst()
      return row && toRecord(row)
    },

    /** A passenger's messages after `afterSeq` (all without), in the order they arrived, for the operator. */
    async listForPassenger(
      passengerId: string,
      afterSeq: string | null,
      limit: number,
    ): Promise<MessageRecord[]> {
      let query = forOperator().where('m.passenger_id', '=', passengerId)
      if (afterSeq !== null) query = query.where('m.seq', '>', sql<string>`${afterSeq}::bigint`)
      const rows = await query.orderBy('m.seq').limit(limit).execute()
      return rows.map(toRecord)
    },

    /**
     * Writes a message after locking its passenger's row, so that messages of one passenger commit in the order
     * of their `seq` and the operator's cursor never passes one still to commit. Run it in a transaction. False
     * when the passenger does not exist.
     */
    async insert(message: NewMessage): Promise<boolean> {
      const passenger = await db
        .selectFrom('passengers')
        .select('id')
        .where('id', '=', message.passengerId)
        .forNoKeyUpdate()
        .executeTakeFirst()
      if (!passenger) return false
      await db.insertInto('messages').values(rowOf(message)).execute()
      return true
    },

    /** Records that the user saw a message; a second time changes nothing. */
    async markSeen(messageId: string, userId: string, at: Temporal.Instant): Promise<void> {
      await db
        .insertInto('message_seen')
        .values({ message_id: messageId, user_id: userId, seen_at: at })
        .onConflict((conflict) => conflict.columns(['message_id', 'user_id']).doNothing())
        .execute()
    },

    /**
     * Confirms a message that asks for it, unless someone already has (the first confirmation stands): whether
     * this one did.
     */
    async confirm(messageId: string, userId: string, at: Temporal.Instant): Promise<boolean> {
      const result = await db
        .updateTable('messages')
        .set({ confirmed_at: at, confirmed_by_user_id: userId })
        .where('id', '=', messageId)
        .where('confirmation_requested', '=', true)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst()
      return result.numUpdatedRows === 1n
    },

    /** The newest message of each of the passengers that has any. */
    async latestOfPassengers(passengerIds: readonly string[]): Promise<LatestMessage[]> {
      if (passengerIds.length === 0) return []
      const rows = await db
        .selectFrom('messages')
        .distinctOn('passenger_id')
        .select(['passenger_id', 'sender', 'created_at'])
        .where('passenger_id', 'in', passengerIds)
        .orderBy('passenger_id')
        .orderBy('seq', 'desc')
        .execute()
      return rows.map((row) => ({
        passengerId: row.passenger_id,
        sender: row.sender,
        createdAt: row.created_at,
      }))
    },

    /** When the operator last wrote to any of the passengers; null if never. */
    async lastFromOperator(passengerIds: readonly string[]): Promise<Temporal.Instant | null> {
      if (passengerIds.length === 0) return null
      const row = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.max('created_at').as('at'))
        .where('passenger_id', 'in', passengerIds)
        .where('sender', '=', 'operator')
        .executeTakeFirst()
      return row?.at ?? null
    },

    /** Writes many messages at once, as they are (the demo seed's history), with who saw which. */
    async insertHistory(
      messages: readonly PastMessage[],
      seen: readonly { messageId: string; userId: string; at: Temporal.Instant }[],
    ): Promise<void> {
      if (messages.length > 0) await db.insertInto('messages').values(messages.map(rowOf)).execute()
      if (seen.length > 0) {
        await db
          .insertInto('message_seen')
          .values(seen.map((row) => ({ message_id: row.messageId, user_id: row.userId, seen_at: row.at })))
          .execute()
      }
    },
  }
}
