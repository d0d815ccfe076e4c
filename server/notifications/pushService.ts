import type { FastifyInstance } from 'fastify'
import type { TenantId } from '../../tenants'
import type { ServerConfig } from '../config/config'
import type { Db } from '../db/schema'
import type { ServerI18n } from '../i18n/catalogs'
import { systemClock, type Clock } from '../time/clock'
import { endpointRefusal, type EndpointRefusal } from '../outbound/endpointPolicy'
import { createEndpointRefusals, type EndpointRefusals } from '../outbound/endpointRefusals'
import { idlePollOf, runSenderOnApp } from '../outbound/senderOnApp'
import { createPushTransport } from './pushTransport'
import { createPushSender, type PushSender } from './sender'
import { vapidKeysOnce } from './vapid'

/** What the routes (and the producers of notifications) need of push on this instance. */
export interface PushService {
  /** The VAPID public key browsers subscribe with. */
  publicKey(): Promise<string>
  /** Why the outbound policy refuses an endpoint (with this instance's OUTBOUND_PORTS), or null. */
  endpointRefusal(endpoint: string): EndpointRefusal | null
  /** Endpoints this instance refused by its policy, at subscribe (the route's) and at send (the sender's). */
  refusals: EndpointRefusals
  /** Call after committing a row of `push_deliveries`: this instance's sender looks at once. */
  wake(): void
  /**
   * A subscribing endpoint leaves any other tenant it was kept for (one endpoint, one user on one tenant) when
   * it comes with the same keys; false when another tenant keeps it with other keys, which it then still does.
   * The only write to subscriptions across tenants, on the unscoped database.
   */
  releaseElsewhere(
    tenant: TenantId,
    endpoint: string,
    keys: { p256dh: string; auth: string },
  ): Promise<boolean>
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService
  }
}

/** Migration 0021's announcement of queued deliveries on the `read_versions` channel. */
const pushQueuedTag = 'push'

/**
 * Web Push on this instance: the VAPID keys (configured, else the database's), the outbox's sender, started
 * when the app is ready and stopped with it (unless PUSH_SENDER=off), and the count of refused endpoints.
 */
export async function registerPush(
  app: FastifyInstance,
  db: Db,
  config: ServerConfig,
  i18n: ServerI18n,
  clock: Clock = systemClock,
): Promise<void> {
  const vapid = vapidKeysOnce(db, config.vapidKeys)
  const refusals = createEndpointRefusals()
  app.ops.metrics?.counter({
    name: 'portal_push_endpoint_refusals_total',
    help: 'Push endpoints refused by the endpoint policy (SSRF), when a device subscribed or at send, by reason',
    labelNames: ['stage', 'reason'],
    read: () => refusals.readings(),
  })
  let sender: PushSender | null = null
  if (config.pushSender) {
    const transport = createPushTransport({
      vapid,
      subject: config.vapidSubject,
      allowedPorts: config.outboundPorts,
    })
    const running = createPushSender({
      db,
      transport,
      i18n,
      clock,
      log: app.log,
      refusals,
      extraHosts: config.extraHosts,
      idlePoll: idlePollOf(app.versionWatch),
    })
    sender = running
    runSenderOnApp(app, running, pushQueuedTag, () => transport.close())
  }
  app.decorate('push', {
    publicKey: async () => (await vapid()).publicKey,
    endpointRefusal: (endpoint) => endpointRefusal(endpoint, config.outboundPorts),
    refusals,
    wake: () => sender?.wake(),
    async releaseElsewhere(tenant, endpoint, keys) {
      await db
        .deleteFrom('push_subscriptions')
        .where('endpoint', '=', endpoint)
        .where('tenant_id', '<>', tenant)
        .where('p256dh', '=', keys.p256dh)
        .where('auth', '=', keys.auth)
        .execute()
      const kept = await db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('endpoint', '=', endpoint)
        .where('tenant_id', '<>', tenant)
        .executeTakeFirst()
      return kept === undefined
    },
  } satisfies PushService)
}
