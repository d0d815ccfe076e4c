import type { Temporal } from 'temporal-polyfill'
import type { QueuedNotification } from '../db/repositories/notificationOutbox'
import type { TenantDb } from '../db/tenantDb'
import { emailExpiry, tenantMailDefaults } from '../domain/emailNotifications'
import { deliveryPolicy, switchOf, topicOf, type NotificationData } from '../domain/notificationData'
import type { TenantId } from '../../tenants'

export interface Notification {
  data: NotificationData
  /** The passenger it is about: their guardians hear of it. */
  passengerId: string
  /** The user whose own action caused it (a guardian's cancellation, message): never told of it. */
  actorUserId?: string | null
  /** When it was caused: its expiry counts from here. */
  now: Temporal.Instant
}

/**
 * The outbox rows of `data`: its kind, topic, urgency and expiry by its kind's policy, and its mail's expiry and
 * the tenant's fallbacks for a user who never said which language and portal root (no mail: push only).
 */
export function queuedNotification(
  tenant: TenantId,
  data: NotificationData,
  now: Temporal.Instant,
): QueuedNotification {
  const policy = deliveryPolicy[data.kind]
  const mailExpiresAt = emailExpiry(data, now)
  return {
    kind: data.kind,
    data,
    topic: topicOf(data),
    urgency: policy.urgency,
    expiresAt: now.add({ seconds: policy.ttlSeconds }),
    mail: mailExpiresAt && { expiresAt: mailExpiresAt, ...tenantMailDefaults(tenant) },
  }
}

const audienceOf = (notification: Notification) => ({
  passengerId: notification.passengerId,
  switchKind: switchOf[notification.data.kind],
  actorUserId: notification.actorUserId ?? null,
})

/**
 * Queues a notification about a passenger, in the transaction of the event that causes it (`db` is that
 * transaction's): one `push_deliveries` row per device of each guardian of the passenger whose switch for its
 * kind is on, and one `email_deliveries` row per guardian with a confirmed address whose e-mail switch for it is
 * on, the actor excepted. Answers the rows queued.
 */
export async function enqueueNotification(db: TenantDb, notification: Notification): Promise<number> {
  const row = queuedNotification(db.tenant, notification.data, notification.now)
  return db.notificationOutbox.enqueue(row, audienceOf(notification))
}

/**
 * As `enqueueNotification`, once per `mark` and guardian, and only to guardians whose "car is near" minutes
 * reach `minutesLeft`: the mark and the rows of both channels are written together, so the alert comes once per
 * trip and user however many events show the car near, each guardian at their own number of minutes.
 */
export async function enqueueOnceWithin(
  db: TenantDb,
  notification: Notification,
  mark: string,
  minutesLeft: number,
): Promise<number> {
  const row = queuedNotification(db.tenant, notification.data, notification.now)
  return db.notificationOutbox.enqueueOnceWithin(row, audienceOf(notification), mark, minutesLeft)
}

/**
 * Queues the evening reminder of one user, whose switches were judged per trip: `push` to every device, `email`
 * to the confirmed address (null: not by that channel).
 */
export async function enqueueForUser(
  db: TenantDb,
  userId: string,
  now: Temporal.Instant,
  { push, email }: { push: NotificationData | null; email: NotificationData | null },
): Promise<number> {
  const pushed = push
    ? await db.notificationOutbox.enqueueForUser(queuedNotification(db.tenant, push, now), userId)
    : 0
  const mailed = email
    ? await db.notificationOutbox.mailUser(queuedNotification(db.tenant, email, now), userId)
    : 0
  return pushed + mailed
}
