import type { Kysely } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import type { TenantId } from '../../../tenants'
import type { DkimConfig } from '../../../server/config/emailConfig'
import type { QueuedMail } from '../../../server/db/repositories/emailOutbox'
import type { Database } from '../../../server/db/schema'
import { tenantDb } from '../../../server/db/tenantDb'
import type { MailData } from '../../../server/domain/mailData'
import { createSmtpTransport } from '../../../server/email/mailTransport'
import { createMailSender, type MailSender } from '../../../server/email/sender'
import { emailLinkKeyOnce } from '../../../server/email/unsubscribeLinks'
import type { ServerI18n } from '../../../server/i18n/catalogs'
import { createEndpointRefusals } from '../../../server/outbound/endpointRefusals'
import type { SenderLog } from '../../../server/outbound/deliveryLoop'
import type { Clock } from '../../../server/time/clock'
import type { SmtpPeer } from './smtpPeer'

export const testMailFrom = 'Matkaportaali <noreply@mail.example.fi>'
export const testPortalUrl = 'https://espoo.matkaportaali.fi'

const quiet: SenderLog = { warn: () => undefined, error: () => undefined }

/** A sender over `db` as an instance makes one, sending through `peer` (tests/server/support/smtpPeer.ts). */
export function mailSenderFor(
  db: Kysely<Database>,
  i18n: ServerI18n,
  clock: Clock,
  peer: SmtpPeer,
  options: { dkim?: DkimConfig; maxAttempts?: number } = {},
): { sender: MailSender; close(): void } {
  const transport = createSmtpTransport({ url: peer.url, dkim: options.dkim ?? null })
  const sender = createMailSender({
    db,
    transport,
    i18n,
    from: testMailFrom,
    linkKey: emailLinkKeyOnce(db),
    clock,
    log: quiet,
    refusals: createEndpointRefusals(),
    ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
  })
  return { sender, close: () => transport.close() }
}

/** A trip the operator cancelled: what a notification mail of `tripChanged` carries. */
export const cancelledTrip = (passengerId = 'p1'): MailData => ({
  kind: 'notification',
  notification: {
    kind: 'tripCancelled',
    passengerId,
    firstName: 'Aino',
    tripId: 'trip-1',
    date: '2026-12-08',
    startAt: '2026-12-08T06:30:00Z',
  },
})

export const resetFor = (...userNames: string[]): MailData => ({
  kind: 'passwordReset',
  accounts: userNames.map((userName) => ({ userName, token: `reset-${userName}` })),
  strongAuthOnly: false,
})

/** Queues a mail (to a user or, with `userId` null, to an address) due now, expiring in a day. */
export function queueMail(
  db: Kysely<Database>,
  mail: Partial<QueuedMail> & Pick<QueuedMail, 'toAddress' | 'data'>,
  tenant: TenantId = 'espoo',
): Promise<string> {
  return tenantDb(db, tenant).emailOutbox.enqueue({
    userId: null,
    locale: 'fi',
    portalUrl: testPortalUrl,
    expiresAt: Temporal.Now.instant().add({ hours: 24 }),
    ...mail,
  })
}
