import { sql } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { TenantId } from '../../tenants'
import { claimLeased } from './leaseClaim'
import type { Db, PushSubscriptionsTable } from './schema'

/**
 * The sender's side of the push outbox (`push_deliveries`), across tenants on the unscoped database, like the
 * retention's batches: every instance sends whatever is due in any tenant, each row once. Each statement is its
 * own short transaction; a claimed row is leased (leaseClaim.ts), not held locked while the push service answers.
 */

/** A claimed notification with what sending it needs: its device and its user's lock-screen privacy. */
export interface ClaimedDelivery {
  tenant_id: TenantId
  id: string
  subscription_id: string
  kind: string
  data: unknown
  topic: string | null
  urgency: 'very-low' | 'low' | 'normal' | 'high'
  created_at: Temporal.Instant
  expires_at: Temporal.Instant
  /** Tries including this one. */
  attempts: number
  endpoint: string
  p256dh: string
  auth: string
  locale: PushSubscriptionsTable['locale']
  portal_url: string
  hide_details: boolean
}

/** Claims and leases up to `limit` due rows, with what sending each needs (leaseClaim.ts). */
export async function claimDue(
  db: Db,
  now: Temporal.Instant,
  leaseUntil: Temporal.Instant,
  limit: number,
): Promise<ClaimedDelivery[]> {
  return claimLeased<ClaimedDelivery>(db, {
    table: 'push_deliveries',
    due: sql<boolean>`true`,
    returning: sql`d.tenant_id, d.id::text as id, d.subscription_id, d.kind, d.data, d.topic, d.urgency,
      d.created_at, d.expires_at, d.attempts`,
    select: sql`
      select c.*, s.endpoint, s.p256dh, s.auth, s.locale, s.portal_url,
        coalesce(n.hide_details, false) as hide_details
      from claimed c
      join push_subscriptions s on s.tenant_id = c.tenant_id and s.id = c.subscription_id
      left join notification_settings n on n.tenant_id = s.tenant_id and n.user_id = s.user_id`,
    now,
    leaseUntil,
    limit,
  })
}

type Key = Pick<ClaimedDelivery, 'tenant_id' | 'id'>

/** Sent, expired or given up: the row goes. */
export async function removeDelivery(db: Db, delivery: Key): Promise<void> {
  await db
    .deleteFrom('push_deliveries')
    .where('tenant_id', '=', delivery.tenant_id)
    .where('id', '=', delivery.id)
    .execute()
}

/** Tries again at `at` (the lease was the claim's). */
export async function retryDeliveryAt(db: Db, delivery: Key, at: Temporal.Instant): Promise<void> {
  await db
    .updateTable('push_deliveries')
    .set({ next_attempt_at: at })
    .where('tenant_id', '=', delivery.tenant_id)
    .where('id', '=', delivery.id)
    .execute()
}

type SubscriptionKey = Pick<ClaimedDelivery, 'tenant_id' | 'subscription_id'>

const subscription = (db: Db, key: SubscriptionKey) =>
  db
    .updateTable('push_subscriptions')
    .where('tenant_id', '=', key.tenant_id)
    .where('id', '=', key.subscription_id)

/** A delivery reached the device: the subscription is alive, and retention counts from now. */
export async function markDelivered(db: Db, key: SubscriptionKey, now: Temporal.Instant): Promise<void> {
  await subscription(db, key).set({ last_delivered_at: now, failures: 0 }).execute()
}

export async function countFailure(db: Db, key: SubscriptionKey): Promise<void> {
  await subscription(db, key)
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .execute()
}

/** The push service says the device is gone: the subscription goes, and its queued notifications with it. */
export async function removeSubscription(db: Db, key: SubscriptionKey): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('tenant_id', '=', key.tenant_id)
    .where('id', '=', key.subscription_id)
    .execute()
}
