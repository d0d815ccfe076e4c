import { sql } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import { finalStatusCodes } from '../../../src/domain/tracking/finalStatus'
import { jsonb } from '../json'
import type { ScopedDb } from '../tenantScope'
import type { PassengerRow } from './passengers'

/** How a passenger's row is locked: `keyShare` by a writer that must not meet it ended meanwhile, `update` by its end. */
export type PassengerLock = 'keyShare' | 'update'

/**
 * A passenger's end and erasure (server/trips/passengerEnd.ts, server/retention/passengerErasure.ts): its rows
 * across the tables that reach it or name it.
 */
export function passengerLifeRepository(db: ScopedDb) {
  const tripsOf = (passengerId: string) =>
    db.selectFrom('trips').select('id').where('passenger_id', '=', passengerId)

  return {
    /**
     * A passenger of the tenant with its row locked until the transaction ends. A booking's or a new permission's
     * key-share lock and an end's update lock wait for each other, so that neither slips past the other.
     */
    async findLocked(passengerId: string, lock: PassengerLock): Promise<PassengerRow | undefined> {
      const query = db.selectFrom('passengers').selectAll().where('id', '=', passengerId)
      return (lock === 'update' ? query.forUpdate() : query.forKeyShare()).executeTakeFirst()
    },

    /**
     * The passenger's trips an end cancels, by id (the order every writer locks trips in): planned to start after
     * `now`, not cancelled or refused, nobody picked up and not final; bookings awaiting approval too.
     */
    async cancellableTripIds(passengerId: string, now: Temporal.Instant): Promise<string[]> {
      const rows = await tripsOf(passengerId)
        .where('start_time', '>', now)
        .where('cancelled_at', 'is', null)
        .where('pickup_time', 'is', null)
        .where('status_code', 'not in', [...finalStatusCodes])
        .orderBy('id')
        .execute()
      return rows.map((row) => row.id)
    },

    /** How many of its trips the passenger's end cancelled: the operator's cancellations at the end's instant. */
    async countCancelledAtEnd(passenger: Pick<PassengerRow, 'id' | 'ended_at'>): Promise<number> {
      if (!passenger.ended_at) return 0
      const row = await db
        .selectFrom('trips')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('passenger_id', '=', passenger.id)
        .where('cancelled_at', '=', passenger.ended_at)
        .where('cancelled_by_user_id', 'is', null)
        .executeTakeFirstOrThrow()
      return Number(row.count)
    },

    /** Every trip of the passenger, by id. */
    async tripIds(passengerId: string): Promise<string[]> {
      return (await tripsOf(passengerId).orderBy('id').execute()).map((row) => row.id)
    },

    /**
     * Drops the notifications queued about the passenger that no device has yet: those naming it, and its trips
     * from evening reminders (a reminder left with none goes). Its text is not SQL's: `trips` would read as the
     * table to the tenant scope, so the paths are parameters.
     */
    async dropQueuedNotifications(passengerId: string): Promise<void> {
      await db
        .updateTable('push_deliveries')
        .set({
          data: sql`data || jsonb_build_object(${'trips'}::text,
            jsonb_path_query_array(data, ${'$.trips[*] ? (@.passengerId != $id)'}::jsonpath, ${jsonb({ id: passengerId })}))`,
        })
        .where('kind', '=', 'reminder')
        .where(sql<boolean>`data @> ${jsonb({ trips: [{ passengerId }] })}`)
        .execute()
      await db
        .deleteFrom('push_deliveries')
        .where((eb) =>
          eb.or([
            eb(sql<string>`data->>'passengerId'`, '=', passengerId),
            eb.and([
              eb('kind', '=', 'reminder'),
              sql<boolean>`not jsonb_path_exists(data, ${'$.trips[*]'}::jsonpath)`,
            ]),
          ]),
        )
        .execute()
    },

    /**
     * Takes every way to the passenger away: its guardians' grants (migration 0007's triggers bump each user's
     * read version, so every instance drops it from their lists at once) and notification choices, its unused
     * access codes, its place in invitations and its travel cards.
     */
    async removeAccess(passengerId: string): Promise<void> {
      await db.deleteFrom('passenger_grants').where('passenger_id', '=', passengerId).execute()
      await db.deleteFrom('notification_switches').where('passenger_id', '=', passengerId).execute()
      await db
        .deleteFrom('access_codes')
        .where('passenger_id', '=', passengerId)
        .where('used_at', 'is', null)
        .execute()
      await db.deleteFrom('invitation_passengers').where('passenger_id', '=', passengerId).execute()
      await db.deleteFrom('travel_cards').where('passenger_id', '=', passengerId).execute()
    },

    /** Revokes the tracking links of the passenger's trips that are not yet. */
    async revokeTrackingLinks(passengerId: string, at: Temporal.Instant): Promise<void> {
      await db
        .updateTable('tracking_links')
        .set({ revoked_at: at })
        .where('trip_id', 'in', tripsOf(passengerId))
        .where('revoked_at', 'is', null)
        .execute()
    },

    async end(
      passengerId: string,
      end: { at: Temporal.Instant; reason: string; eraseAfter: Temporal.Instant },
    ): Promise<PassengerRow> {
      return db
        .updateTable('passengers')
        .set({ ended_at: end.at, end_reason: end.reason, erase_after: end.eraseAfter })
        .where('id', '=', passengerId)
        .returningAll()
        .executeTakeFirstOrThrow()
    },

    /**
     * Takes the passenger's erasure when it is due and no other instance is at it: its row locked until the
     * transaction ends (`skip locked`). False when it is not due, already done or taken.
     */
    async claimErasure(passengerId: string, now: Temporal.Instant): Promise<boolean> {
      const row = await db
        .selectFrom('passengers')
        .select('id')
        .where('id', '=', passengerId)
        .where('erase_after', '<=', now)
        .where('erased_at', 'is', null)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst()
      return row !== undefined
    },

    /**
     * Erases what the passenger's row and its own tables hold of the person: the name (left empty: it names
     * nobody in any language), phone, initials and language, its places (and so the permissions' place groups'
     * use of them), messages and its trips' tracking links. Its id, reference, end and trips stay.
     */
    async erase(passengerId: string, at: Temporal.Instant): Promise<void> {
      await db.deleteFrom('tracking_links').where('trip_id', 'in', tripsOf(passengerId)).execute()
      await db.deleteFrom('messages').where('passenger_id', '=', passengerId).execute()
      await db.deleteFrom('places').where('passenger_id', '=', passengerId).execute()
      await db
        .updateTable('passengers')
        .set({ name: '', phone: null, avatar_text: '', language: null, erased_at: at })
        .where('id', '=', passengerId)
        .execute()
    },
  }
}
