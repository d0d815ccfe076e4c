import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import type { ServerConfig } from '../config/config'
import type { Db } from '../db/schema'
import { pendingWebhooks } from '../db/webhookOutbox'
import { endpointRefusal, type EndpointRefusal } from '../outbound/endpointPolicy'
import { createEndpointRefusals, type EndpointRefusals } from '../outbound/endpointRefusals'
import { createOutboundClient } from '../outbound/outboundClient'
import { idlePollOf, runSenderOnApp } from '../outbound/senderOnApp'
import { systemClock, type Clock } from '../time/clock'
import { createWebhookSender, type OnDelivered, type WebhookCounts } from './sender'

/** What the routes need of webhooks on this instance. */
export interface WebhookService {
  /** Why the outbound policy refuses a webhook URL (with this instance's OUTBOUND_PORTS), or null. */
  endpointRefusal(url: string): EndpointRefusal | null
  /** URLs this instance refused by its policy, when set (the route's) and at send (the sender's). */
  refusals: EndpointRefusals
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookService
  }
}

/** Migration 0026's announcement of due deliveries on the `read_versions` channel. */
const webhookQueuedTag = 'webhook'

const outcomes = ['delivered', 'retried', 'failed', 'blocked'] as const satisfies (keyof WebhookCounts)[]

export interface WebhookServiceOptions {
  /** Told of each delivered change (the guardian's receipt where the dispatch does not acknowledge). */
  onDelivered?: OnDelivered
  clock?: Clock
}

/**
 * Webhooks on this instance: the outbox's sender, started when the app is ready and stopped with it (unless
 * WEBHOOK_SENDER=off), and on /metrics its deliveries by outcome, the queue across instances (read from the
 * database at each scrape) and the URLs the policy refused.
 */
export function registerWebhooks(
  app: FastifyInstance,
  db: Db,
  config: ServerConfig,
  options: WebhookServiceOptions = {},
): void {
  const refusals = createEndpointRefusals()
  const metrics = app.ops.metrics
  metrics?.counter({
    name: 'portal_webhook_endpoint_refusals_total',
    help: 'Webhook URLs refused by the endpoint policy (SSRF), when set or at send, by reason',
    labelNames: ['stage', 'reason'],
    read: () => refusals.readings(),
  })
  metrics?.gauge({
    name: 'portal_webhook_pending_deliveries',
    help: 'Webhook deliveries waiting to be sent or tried again, across instances',
    read: async () => (await pendingWebhooks(db)).count,
  })
  metrics?.gauge({
    name: 'portal_webhook_oldest_pending_seconds',
    help: 'Age of the oldest webhook delivery still pending, across instances (0 when none)',
    read: async () => (await pendingWebhooks(db)).oldestSeconds,
  })
  if (config.webhookSender) {
    const client = createOutboundClient({ allowedPorts: config.outboundPorts })
    const sender = createWebhookSender({
      db,
      client,
      clock: options.clock ?? systemClock,
      log: app.log,
      refusals,
      retryWindow: Temporal.Duration.from({ hours: config.webhookRetryHours }),
      idlePoll: idlePollOf(app.versionWatch),
      ...(options.onDelivered ? { onDelivered: options.onDelivered } : {}),
    })
    metrics?.counter({
      name: 'portal_webhook_deliveries_total',
      help: "Webhook delivery attempts of this instance's sender, by outcome",
      labelNames: ['outcome'],
      read: () => {
        const totals = sender.totals()
        return outcomes.map((outcome) => ({ labels: { outcome }, value: totals[outcome] }))
      },
    })
    runSenderOnApp(app, sender, webhookQueuedTag, () => client.close())
  }
  app.decorate('webhooks', {
    endpointRefusal: (url) => endpointRefusal(url, config.outboundPorts),
    refusals,
  } satisfies WebhookService)
}
