import type { FastifyInstance } from 'fastify'
import type { ServerConfig } from '../config/config'
import type { Db } from '../db/schema'
import type { ServerI18n } from '../i18n/catalogs'
import { createEndpointRefusals } from '../outbound/endpointRefusals'
import { idlePollOf, runSenderOnApp } from '../outbound/senderOnApp'
import { systemClock, type Clock } from '../time/clock'
import { registerDemoMailboxPage } from './demoMailboxPage'
import { createDemoTransport, createSmtpTransport } from './mailTransport'
import { createMailSender, type MailCounts } from './sender'
import { emailLinkKeyOnce } from './unsubscribeLinks'

/** What the routes (and the producers of mails) need of e-mail on this instance. */
export interface EmailService {
  /** `off`: EMAIL=off, no recovery and no e-mail choices; `demo`: mails kept for the local-only page. */
  mode: 'smtp' | 'demo' | 'off'
  /** Call after committing a row of `email_deliveries`: this instance's sender looks at once. */
  wake(): void
  /** The key that signs and checks unsubscribe links (`email_link_keys`). */
  linkKey(): Promise<Buffer>
}

declare module 'fastify' {
  interface FastifyInstance {
    email: EmailService
  }
}

/** Migration 0028's announcement of queued mails on the `read_versions` channel. */
const emailQueuedTag = 'email'

const outcomes = [
  'sent',
  'retried',
  'failed',
  'undeliverable',
  'expired',
] as const satisfies readonly (keyof MailCounts)[]

/**
 * E-mail on this instance: the outbox's sender through the relay (SMTP_URL) or, in the demo without it, into
 * `demo_mails` with its local-only page; started when the app is ready and stopped with it, unless EMAIL_SENDER=off
 * or EMAIL=off. Its outcomes are on /metrics.
 */
export function registerEmail(
  app: FastifyInstance,
  db: Db,
  config: ServerConfig,
  i18n: ServerI18n,
  clock: Clock = systemClock,
): void {
  const { email } = config
  const linkKey = emailLinkKeyOnce(db)
  let wake = () => {}
  if (email.mode !== 'off' && email.sender) {
    const transport =
      email.mode === 'smtp'
        ? createSmtpTransport({ url: email.smtpUrl, dkim: email.dkim })
        : createDemoTransport(db)
    const sender = createMailSender({
      db,
      transport,
      i18n,
      from: email.from,
      linkKey,
      extraHosts: config.extraHosts,
      clock,
      log: app.log,
      refusals: createEndpointRefusals(),
      idlePoll: idlePollOf(app.versionWatch),
    })
    app.ops.metrics?.counter({
      name: 'portal_email_deliveries_total',
      help: "Mails settled by this instance's sender, by outcome (undeliverable: refused for good, also failed)",
      labelNames: ['outcome'],
      read: () => {
        const totals = sender.totals()
        return outcomes.map((outcome) => ({ labels: { outcome }, value: totals[outcome] }))
      },
    })
    runSenderOnApp(app, sender, emailQueuedTag, () => transport.close())
    wake = () => sender.wake()
  }
  if (email.mode === 'demo') registerDemoMailboxPage(app, i18n)
  app.decorate('email', { mode: email.mode, wake: () => wake(), linkKey } satisfies EmailService)
}
