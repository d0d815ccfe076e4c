import type { FastifyBaseLogger } from 'fastify'
import type { Temporal } from 'temporal-polyfill'
import { firstName } from '../../src/domain/tracking/passengerName'
import type { TenantId } from '../../tenants'
import type { ReminderTripRow } from '../db/repositories/notificationOutbox'
import type { Db } from '../db/schema'
import { tenantDb, type TenantDb } from '../db/tenantDb'
import { zonedIso } from '../domain/tripView'
import type { Clock } from '../time/clock'
import { everyTenant, type TenantLoop } from '../time/everyTenant'
import { enqueueForUser } from '../outbox/enqueue'
import type { NotificationData } from '../domain/notificationData'
import { tenantTimeZone } from '../time/timeZone'

/** Rows of one user, in the order the query gave them (by start). */
function byUser(rows: readonly ReminderTripRow[]): Map<string, ReminderTripRow[]> {
  const users = new Map<string, ReminderTripRow[]>()
  for (const row of rows) users.set(row.userId, [...(users.get(row.userId) ?? []), row])
  return users
}

/**
 * One tenant's evening reminders due at `now`: each user whose reminder time (default 18:00 in the tenant's
 * zone) has come today and whose passengers have trips tomorrow that they are shown and that are not cancelled
 * gets one `reminder` per device listing those whose reminder switch is on, and one by e-mail (a confirmed
 * address) listing those whose reminder e-mail switch is on, earliest first. The mark
 * `reminder:{tomorrow}` is inserted in the same transaction, and only its inserter queues, so several runs and
 * instances send it once. A time set later today is met then; one not met by midnight is skipped, as the next
 * day asks about the day after. Answers the users reminded.
 */
export async function sendReminders(db: TenantDb, now: Temporal.Instant): Promise<number> {
  const timeZone = tenantTimeZone(db.tenant)
  const here = now.toZonedDateTimeISO(timeZone)
  const tomorrow = here.toPlainDate().add({ days: 1 })
  const from = tomorrow.toZonedDateTime({ timeZone }).toInstant()
  const to = tomorrow.add({ days: 1 }).toZonedDateTime({ timeZone }).toInstant()
  const timeOfDay = here.toPlainTime().toString({ smallestUnit: 'minute' })
  const mark = `reminder:${tomorrow.toString()}`
  const due = byUser(await db.notificationOutbox.reminderTrips(from, to, timeOfDay, mark))
  const reminderOf = (trips: readonly ReminderTripRow[]): NotificationData | null =>
    trips.length === 0
      ? null
      : {
          kind: 'reminder',
          date: tomorrow.toString(),
          trips: trips.map((trip) => ({
            passengerId: trip.passengerId,
            firstName: firstName(trip.passengerName),
            tripId: trip.tripId,
            date: tomorrow.toString(),
            startAt: zonedIso(trip.start, timeZone),
          })),
        }
  let reminded = 0
  for (const [userId, trips] of due) {
    // Each channel lists the trips of the passengers whose switch for it is on.
    const channels = {
      push: reminderOf(trips.filter((trip) => trip.push)),
      email: reminderOf(trips.filter((trip) => trip.email)),
    }
    const sent = await db.transaction(async (trx) => {
      if (!(await trx.notificationOutbox.mark(userId, mark))) return false
      await enqueueForUser(trx, userId, now, channels)
      return true
    })
    if (sent) reminded++
  }
  return reminded
}

export interface ReminderRunnerOptions {
  db: Db
  clock: Clock
  log: Pick<FastifyBaseLogger, 'error'>
  tenants?: readonly TenantId[]
  /** How often it looks; a reminder comes at most this late. */
  every?: Temporal.Duration
}

/** Every instance looks every minute: the marks make each reminder once however many instances look. */
export function startReminders(options: ReminderRunnerOptions): TenantLoop {
  const { db } = options
  return everyTenant({
    ...options,
    failure: 'evening reminders failed',
    work: async (tenant, now) => {
      await sendReminders(tenantDb(db, tenant), now)
    },
  })
}
