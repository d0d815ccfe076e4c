import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import { jsonb } from '../json'
import { deliveryPolicy, topicOf, type NotificationData } from '../../domain/notificationData'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'

export type PushSubscriptionRow = Selectable<ScopedDatabase['push_subscriptions']>

/** What a device sends (and the server derives) when it subscribes. */
export interface NewPushSubscription {
  endpoint: string
  p256dh: string
  auth: string
  locale: PushSubscriptionRow['locale']
  user_agent_family: PushSubscriptionRow['user_agent_family']
  portal_url: string
}

/** The most devices one user keeps; a new one beyond it drops the user's oldest. */
export const subscriptionsPerUser = 20

/** `keep`'s answer for an endpoint another user has with other keys: it stays theirs. */
export const heldWithOtherKeys = 'HeldWithOtherKeys'

/** Whether a subscribing device holds the keys of `row`: only the browser that made the subscription does. */
const sameKeys = (row: { p256dh: string; auth: string }, device: { p256dh: string; auth: string }) =>
  row.p256dh === device.p256dh && row.auth === device.auth

/** A user's devices that receive push notifications (migration 0018), in the tenant. */
export function pushSubscriptionsRepository(db: ScopedDb) {
  const ofUser = (userId: string) => db.selectFrom('push_subscriptions').where('user_id', '=', userId)

  return {
    listForUser: (userId: string): Promise<PushSubscriptionRow[]> =>
      ofUser(userId).selectAll().orderBy('created_at').orderBy('id').execute(),

    findForUser: (userId: string, id: string): Promise<PushSubscriptionRow | undefined> =>
      ofUser(userId).selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * Keeps `device` for the user: the same endpoint of the same user is updated in place (new keys, language);
     * one of another user moves only with the same keys (the browser that made it, signed in as someone else),
     * deleted with its queued notifications (they are about that user's passengers) and made again, else it
     * stays theirs (`heldWithOtherKeys`: an endpoint alone, which leaks, does not take a device); the user's
     * devices beyond `subscriptionsPerUser` go, oldest first. Run in a transaction.
     */
    async keep(
      userId: string,
      device: NewPushSubscription,
    ): Promise<PushSubscriptionRow | typeof heldWithOtherKeys> {
      // The user's subscribes one at a time: each counts the devices the one before it kept (at once, two
      // instances each saw room and kept 24 of 40). No key update, so rows referring to the user still insert.
      await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute()
      const existing = await db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('endpoint', '=', device.endpoint)
        .forUpdate()
        .executeTakeFirst()
      if (existing?.user_id === userId) {
        return db
          .updateTable('push_subscriptions')
          .set({ ...device, failures: 0 })
          .where('id', '=', existing.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      }
      if (existing && !sameKeys(existing, device)) return heldWithOtherKeys
      if (existing) await db.deleteFrom('push_subscriptions').where('id', '=', existing.id).execute()
      const kept = await db
        .insertInto('push_subscriptions')
        .values({ id: randomUUID(), user_id: userId, ...device })
        .returningAll()
        .executeTakeFirstOrThrow()
      await db
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where(
          'id',
          'not in',
          ofUser(userId)
            .select('id')
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(subscriptionsPerUser),
        )
        .execute()
      return kept
    },

    /** Queues `data` for one device in the push outbox, by its kind's policy; the caller wakes the sender. */
    async queue(subscriptionId: string, data: NotificationData, now: Temporal.Instant): Promise<void> {
      const policy = deliveryPolicy[data.kind]
      await db
        .insertInto('push_deliveries')
        .values({
          subscription_id: subscriptionId,
          kind: data.kind,
          data: jsonb(data),
          topic: topicOf(data),
          urgency: policy.urgency,
          expires_at: now.add({ seconds: policy.ttlSeconds }),
          next_attempt_at: now,
        })
        .execute()
    },

    /** True when the user had it. Its queued notifications go with it (cascade). */
    async remove(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst()
      return result.numDeletedRows > 0n
    },
  }
}
