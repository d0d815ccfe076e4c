import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import type { TenantId } from '../../tenants'
import type { ServerConfig } from '../config'
import type { Db } from '../db/schema'
import type { ServerI18n } from '../i18n/catalogs'
import { systemClock, type Clock } from '../simulator/clock'
import { createPushTransport } from './pushTransport'
import { createPushSender, type PushSender } from './sender'
import { vapidKeysOnce } from './vapid'

/** What the routes (and the producers of notifications) need of push on this instance. */
export interface PushService {
  /** The VAPID public key browsers subscribe with. */
  publicKey(): Promise<string>
  /** PUSH_ALLOWED_ORIGINS. */
  allowedOrigins: readonly string[]
  /** Call after committing a row of `push_deliveries`: this instance's sender looks at once. */
  wake(): void
  /**
   * A subscribing endpoint leaves any other tenant it was kept for (one endpoint, one user on one tenant): the
   * only write to subscriptions across tenants, on the unscoped database.
   */
  releaseElsewhere(tenant: TenantId, endpoint: string): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService
  }
}

/** Migration 0021's announcement of queued deliveries on the `read_versions` channel. */
const pushQueuedTag = 'push'
const announcedPoll = Temporal.Duration.from({ seconds: 10 })
const unannouncedPoll = Temporal.Duration.from({ seconds: 1 })

/**
 * Web Push on this instance: the VAPID keys (configured, else the database's), and the outbox's sender, started
 * when the app is ready and stopped with it (unless PUSH_SENDER=off).
 */
export async function registerPush(
  app: FastifyInstance,
  db: Db,
  config: ServerConfig,
  i18n: ServerI18n,
  clock: Clock = systemClock,
): Promise<void> {
  const vapid = vapidKeysOnce(db, config.vapidKeys)
  let sender: PushSender | null = null
  if (config.pushSender) {
    const transport = createPushTransport({
      vapid,
      subject: config.vapidSubject,
      allowedOrigins: config.pushAllowedOrigins,
    })
    const watch = app.versionWatch
    const running = createPushSender({
      db,
      transport,
      i18n,
      clock,
      log: app.log,
      // Every queued row is announced while the listener is connected (migration 0021): the poll then only finds
      // retries come due (their backoff is 24 s or more) and leases run out.
      idlePoll: () => (watch.connected ? announcedPoll : unannouncedPoll),
    })
    watch.follow({
      // On (re)connecting, what was queued meanwhile was not heard: look now.
      listening: () => running.wake(),
      notified: (tag) => {
        if (tag === pushQueuedTag) running.wake()
      },
      lost: () => {},
    })
    sender = running
    app.addHook('onReady', async () => running.start())
    app.addHook('onClose', async () => {
      await running.stop()
      transport.close()
    })
  }
  app.decorate('push', {
    publicKey: async () => (await vapid()).publicKey,
    allowedOrigins: config.pushAllowedOrigins,
    wake: () => sender?.wake(),
    async releaseElsewhere(tenant, endpoint) {
      await db
        .deleteFrom('push_subscriptions')
        .where('endpoint', '=', endpoint)
        .where('tenant_id', '<>', tenant)
        .execute()
    },
  } satisfies PushService)
}
