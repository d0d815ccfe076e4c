import type { Temporal } from 'temporal-polyfill'
import {
  notificationKinds,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSwitches,
} from '../../src/contract/notifications'
import type { TenantDb } from '../db/tenantDb'

/** Until a user chooses (migration 0018's defaults): the reminder at 18:00, the car 10 minutes away, details shown. */
const defaults = { reminder_time: '18:00', eta_minutes: 10, hide_details: false }

const allOn = (): NotificationSwitches =>
  Object.fromEntries(notificationKinds.map((kind) => [kind, true])) as NotificationSwitches

/** The user's settings with every passenger granted to them now; a kind without a row is on. */
export async function readSettings(db: TenantDb, userId: string): Promise<NotificationSettings> {
  const [row, switches, passengers] = await Promise.all([
    db.notificationSettings.find(userId),
    db.notificationSettings.switches(userId),
    db.passengers.listGranted(userId),
  ])
  const settings = row ?? defaults
  const byPassenger = new Map(passengers.map((passenger) => [passenger.id, allOn()]))
  for (const item of switches) {
    const passengerSwitches = byPassenger.get(item.passenger_id)
    if (passengerSwitches && (notificationKinds as readonly string[]).includes(item.kind))
      passengerSwitches[item.kind as NotificationKind] = item.enabled
  }
  return {
    reminderTime: settings.reminder_time,
    etaMinutes: settings.eta_minutes,
    hideDetails: settings.hide_details,
    passengers: [...byPassenger].map(([passengerId, kinds]) => ({ passengerId, switches: kinds })),
  }
}

/**
 * Replaces the user's settings, in one transaction: only the kinds turned off are stored (no row is on), so a
 * passenger granted later starts with everything on. Null when a passenger named is not granted to the user.
 */
export async function saveSettings(
  db: TenantDb,
  userId: string,
  settings: NotificationSettings,
  now: Temporal.Instant,
): Promise<NotificationSettings | null> {
  return db.transaction(async (trx) => {
    const granted = new Set((await trx.passengers.listGranted(userId)).map((passenger) => passenger.id))
    if (settings.passengers.some((passenger) => !granted.has(passenger.passengerId))) return null
    // A passenger named twice: the last stands.
    const chosen = new Map(
      settings.passengers.map((passenger) => [passenger.passengerId, passenger.switches]),
    )
    const off = [...chosen].flatMap(([passengerId, switches]) =>
      notificationKinds
        .filter((kind) => !switches[kind])
        .map((kind) => ({ passenger_id: passengerId, kind, enabled: false })),
    )
    await trx.notificationSettings.replace(
      userId,
      {
        reminder_time: settings.reminderTime,
        eta_minutes: settings.etaMinutes,
        hide_details: settings.hideDetails,
      },
      off,
      now,
    )
    return readSettings(trx, userId)
  })
}
