import type { Temporal } from 'temporal-polyfill'
import { emailDefaultOn } from '../../src/contract/codes'
import {
  notificationKinds,
  type EmailAddressState,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsChange,
  type NotificationSwitches,
} from '../../src/contract/notifications'
import type { SwitchRow } from '../db/repositories/notificationSettings'
import type { UserRow } from '../db/repositories/users'
import type { TenantDb } from '../db/tenantDb'

/** Until a user chooses (migration 0018's defaults): the reminder at 18:00, the car 10 minutes away, details shown. */
const defaults = { reminder_time: '18:00', eta_minutes: 10, hide_details: false }

const pushDefaults = (): NotificationSwitches =>
  Object.fromEntries(notificationKinds.map((kind) => [kind, true])) as NotificationSwitches

const emailDefaults = (): NotificationSwitches => ({ ...emailDefaultOn })

/** Each passenger's switches: the defaults, then the user's rows for them. */
function switchesByPassenger(
  passengerIds: readonly string[],
  defaultSwitches: () => NotificationSwitches,
  rows: readonly SwitchRow[],
): Map<string, NotificationSwitches> {
  const byPassenger = new Map(passengerIds.map((id) => [id, defaultSwitches()]))
  for (const item of rows) {
    const passengerSwitches = byPassenger.get(item.passenger_id)
    if (passengerSwitches && (notificationKinds as readonly string[]).includes(item.kind))
      passengerSwitches[item.kind as NotificationKind] = item.enabled
  }
  return byPassenger
}

/** What the user's address is as a channel (only a confirmed one that no relay refused gets notifications). */
function addressState(user: UserRow | undefined): EmailAddressState {
  if (!user?.email) return 'none'
  if (user.email_undeliverable_at) return 'undeliverable'
  return user.email_verified_at ? 'verified' : 'unverified'
}

/**
 * The user's settings with every passenger granted to them now: push kinds without a row are on, e-mail kinds
 * without one are their default (`emailDefaultOn`). `emailAvailable`: the deployment sends e-mail (not EMAIL=off).
 */
export async function readSettings(
  db: TenantDb,
  userId: string,
  emailAvailable: boolean,
): Promise<NotificationSettings> {
  const [row, switches, emailSwitches, passengers, user] = await Promise.all([
    db.notificationSettings.find(userId),
    db.notificationSettings.switches(userId),
    db.notificationSettings.emailSwitches(userId),
    db.passengers.listGranted(userId),
    db.users.findById(userId),
  ])
  const settings = row ?? defaults
  const ids = passengers.map((passenger) => passenger.id)
  const push = switchesByPassenger(ids, pushDefaults, switches)
  const email = switchesByPassenger(ids, emailDefaults, emailSwitches)
  return {
    reminderTime: settings.reminder_time,
    etaMinutes: settings.eta_minutes,
    hideDetails: settings.hide_details,
    passengers: ids.map((passengerId) => ({
      passengerId,
      switches: push.get(passengerId)!,
      emailSwitches: email.get(passengerId)!,
    })),
    email: { available: emailAvailable, address: addressState(user) },
  }
}

/**
 * Replaces the user's settings, in one transaction: only the push kinds turned off and the e-mail kinds that
 * differ from their default are stored, so a passenger granted later starts with the defaults. Null when a
 * passenger named is not granted to the user.
 */
export async function saveSettings(
  db: TenantDb,
  userId: string,
  settings: NotificationSettingsChange,
  now: Temporal.Instant,
  emailAvailable: boolean,
): Promise<NotificationSettings | null> {
  return db.transaction(async (trx) => {
    const granted = new Set((await trx.passengers.listGranted(userId)).map((passenger) => passenger.id))
    if (settings.passengers.some((passenger) => !granted.has(passenger.passengerId))) return null
    // A passenger named twice: the last stands.
    const chosen = new Map(settings.passengers.map((passenger) => [passenger.passengerId, passenger]))
    const rows = (
      differs: (kind: NotificationKind, on: boolean) => boolean,
      of: 'switches' | 'emailSwitches',
    ) =>
      [...chosen].flatMap(([passengerId, passenger]) =>
        notificationKinds
          .filter((kind) => differs(kind, passenger[of][kind]))
          .map((kind) => ({ passenger_id: passengerId, kind, enabled: passenger[of][kind] })),
      )
    await trx.notificationSettings.replace(
      userId,
      {
        reminder_time: settings.reminderTime,
        eta_minutes: settings.etaMinutes,
        hide_details: settings.hideDetails,
      },
      rows((_, on) => !on, 'switches'),
      rows((kind, on) => on !== emailDefaultOn[kind], 'emailSwitches'),
      now,
    )
    return readSettings(trx, userId, emailAvailable)
  })
}
