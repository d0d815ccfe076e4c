import type { Temporal } from 'temporal-polyfill'
import type { QueuedNotification } from '../db/repositories/notificationOutbox'
import type { TenantDb } from '../db/tenantDb'
import { deliveryPolicy, switchOf, topicOf, type NotificationData } from '../domain/notificationData'

export interface Notification {
  data: NotificationData
  /** The passenger it is about: their guardians hear of it. */
  passengerId: string
  /** The user whose own action caused it (a guardian's cancellation, message): never told of it. */
  actorUserId?: string | null
  /** When it was caused: its expiry counts from here. */
  now: Temporal.Instant
}

/** The outbox row of `data`: its kind, topic, urgency and expiry by its kind's policy. */
export function queuedNotification(data: NotificationData, now: Temporal.Instant): QueuedNotification {
  const policy = deliveryPolicy[data.kind]
  return {
    kind: data.kind,
    data,
    topic: topicOf(data),
    urgency: policy.urgency,
    expiresAt: now.add({ seconds: policy.ttlSeconds }),
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
 * kind is on, the actor excepted. A guardian with no device gets nothing. Answers the rows queued.
 */
export async function enqueueNotification(db: TenantDb, notification: Notification): Promise<number> {
  const row = queuedNotification(notification.data, notification.now)
  return db.notificationOutbox.enqueue(row, audienceOf(notification))
}

/**
 * As `enqueueNotification`, once per `mark` and guardian, and only to guardians whose "car is near" minutes
 * reach `minutesLeft`: the mark and the rows are written together, so the alert comes once per trip and user
 * however many events show the car near, each guardian at their own number of minutes.
 */
export async function enqueueOnceWithin(
  db: TenantDb,
  notification: Notification,
  mark: string,
  minutesLeft: number,
): Promise<number> {
  const row = queuedNotification(notification.data, notification.now)
  return db.notificationOutbox.enqueueOnceWithin(row, audienceOf(notification), mark, minutesLeft)
}

/** Queues `data` for every device of one user (the evening reminder, whose switches were judged per trip). */
export async function enqueueForUser(
  db: TenantDb,
  data: NotificationData,
  userId: string,
  now: Temporal.Instant,
): Promise<number> {
  return db.notificationOutbox.enqueueForUser(queuedNotification(data, now), userId)
}
