import { sql, type Selectable } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'

export type NotificationSettingsRow = Selectable<ScopedDatabase['notification_settings']>

export interface SwitchRow {
  passenger_id: string
  kind: string
  enabled: boolean
}

/**
 * A user's notification choices (migration 0018): one settings row, a switch row per kind turned off for push,
 * and (migration 0028) an e-mail switch row per kind whose choice differs from its default.
 */
export function notificationSettingsRepository(db: ScopedDb) {
  return {
    find: (userId: string): Promise<NotificationSettingsRow | undefined> =>
      db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    switches: (userId: string): Promise<SwitchRow[]> =>
      db
        .selectFrom('notification_switches')
        .select(['passenger_id', 'kind', 'enabled'])
        .where('user_id', '=', userId)
        .execute(),

    emailSwitches: (userId: string): Promise<SwitchRow[]> =>
      db
        .selectFrom('email_switches')
        .select(['passenger_id', 'kind', 'enabled'])
        .where('user_id', '=', userId)
        .execute(),

    /**
     * Replaces the user's choices whole: the row, exactly `switches` (the caller keeps only those off) and exactly
     * `emailSwitches` (the caller keeps only those that differ from the default).
     */
    async replace(
      userId: string,
      settings: { reminder_time: string; eta_minutes: number; hide_details: boolean },
      switches: readonly SwitchRow[],
      emailSwitches: readonly SwitchRow[],
      now: Temporal.Instant,
    ): Promise<void> {
      const row = { ...settings, updated_at: now }
      await db
        .insertInto('notification_settings')
        .values({ user_id: userId, ...settings })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(row))
        .execute()
      await db.deleteFrom('notification_switches').where('user_id', '=', userId).execute()
      if (switches.length > 0)
        await db
          .insertInto('notification_switches')
          .values(switches.map((item) => ({ user_id: userId, ...item })))
          .execute()
      await db.deleteFrom('email_switches').where('user_id', '=', userId).execute()
      if (emailSwitches.length > 0)
        await db
          .insertInto('email_switches')
          .values(emailSwitches.map((item) => ({ user_id: userId, ...item })))
          .execute()
    },

    /**
     * Turns `kind` off by e-mail for every passenger granted to the user (one-click unsubscribe): one row each,
     * kept or made `enabled = false`. Answers the passengers it holds for.
     */
    async emailOff(userId: string, kind: string): Promise<number> {
      const result = await db
        .insertInto('email_switches')
        .columns(['user_id', 'passenger_id', 'kind', 'enabled'])
        .expression(
          db
            .selectFrom('passenger_grants')
            .where('passenger_grants.user_id', '=', userId)
            .select([
              'passenger_grants.user_id',
              'passenger_grants.passenger_id',
              sql<string>`${kind}::text`.as('kind'),
              sql<boolean>`false`.as('enabled'),
            ]),
        )
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'passenger_id', 'kind']).doUpdateSet({ enabled: false }),
        )
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0n)
    },
  }
}
