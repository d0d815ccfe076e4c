import type { Selectable } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'

export type NotificationSettingsRow = Selectable<ScopedDatabase['notification_settings']>

export interface SwitchRow {
  passenger_id: string
  kind: string
  enabled: boolean
}

/** A user's notification choices (migration 0018): one settings row, and a switch row per kind turned off. */
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

    /** Replaces the user's choices whole: the row, and exactly `switches` (the caller keeps only those off). */
    async replace(
      userId: string,
      settings: { reminder_time: string; eta_minutes: number; hide_details: boolean },
      switches: readonly SwitchRow[],
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
    },
  }
}
