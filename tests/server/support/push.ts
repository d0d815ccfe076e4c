import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../../server/db/schema'
import type { TenantId } from '../../../tenants'
import { api } from './app'
import type { StandInDevice } from './pushServiceStandIn'

/** A user's notification calls with a bearer token (each state-changing one under a fresh Idempotency-Key). */
export function notificationsOf(app: FastifyInstance, tenant: TenantId, token: string) {
  const key = () => ({ 'idempotency-key': randomUUID() })
  return {
    settings: () => api(app, tenant, token, { url: '/api/notifications/settings' }),
    saveSettings: (payload: unknown) =>
      api(app, tenant, token, { method: 'PUT', url: '/api/notifications/settings', payload, headers: key() }),
    vapidKey: () => api(app, tenant, token, { url: '/api/notifications/vapidKey' }),
    subscriptions: () => api(app, tenant, token, { url: '/api/notifications/subscriptions' }),
    subscribe: (
      device: StandInDevice | { subscription: { endpoint: string; keys: { p256dh: string; auth: string } } },
      locale: 'fi' | 'sv' | 'en' = 'fi',
      userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    ) =>
      api(app, tenant, token, {
        method: 'POST',
        url: '/api/notifications/subscriptions',
        payload: { ...device.subscription, locale },
        headers: { ...key(), 'user-agent': userAgent },
      }),
    unsubscribe: (id: string) =>
      api(app, tenant, token, {
        method: 'DELETE',
        url: `/api/notifications/subscriptions/${encodeURIComponent(id)}`,
        headers: key(),
      }),
    sendTest: (subscriptionId: string) =>
      api(app, tenant, token, {
        method: 'POST',
        url: '/api/notifications/test',
        payload: { subscriptionId },
        headers: key(),
      }),
  }
}

/**
 * A device of the user as the subscription route stores it, written straight to the database: for tests of what
 * is queued, whose sender is off (its endpoint is no push service).
 */
export async function storeDevice(
  db: Kysely<Database>,
  tenant: TenantId,
  userId: string,
  id: string = randomUUID(),
): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({
      tenant_id: tenant,
      id,
      user_id: userId,
      endpoint: `https://push.example/${randomUUID()}`,
      p256dh: 'B'.repeat(87),
      auth: 'a'.repeat(22),
      locale: 'fi',
      user_agent_family: 'chrome',
    })
    .execute()
}
