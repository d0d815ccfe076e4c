import { Temporal } from 'temporal-polyfill'
import { getTenant } from '../../tenants'
import type { HostMap } from '../../src/domain/tenantResolution'
import {
  claimDueMails,
  markAddressUndeliverable,
  markMailFailure,
  markMailSent,
  type ClaimedMail,
} from '../db/emailOutbox'
import type { Db } from '../db/schema'
import { mailData, type MailData } from '../domain/mailData'
import { switchOf } from '../domain/notificationData'
import type { ServerI18n } from '../i18n/catalogs'
import { backoff } from '../outbound/backoff'
import { createDeliveryLoop, type Batch, type DeliveryLoop, type SenderBase } from '../outbound/deliveryLoop'
import { tenantTimeZone } from '../time/timeZone'
import { mailText } from './mailTexts'
import type { MailOutcome, MailTransport } from './mailTransport'
import { unsubscribeToken } from './unsubscribeLinks'

export interface MailSenderOptions extends SenderBase {
  db: Db
  transport: MailTransport
  i18n: ServerI18n
  /** MAIL_FROM; its domain names every Message-ID. */
  from: string
  /** The key that signs unsubscribe links (`emailLinkKeyOnce`). */
  linkKey: () => Promise<Buffer>
  /** TENANT_HOSTS, whose hosts give their mails their zone (server/time/timeZone.ts). */
  extraHosts?: HostMap
  /** Tries before a mail is given up (8). */
  maxAttempts?: number
}

/** What one batch did with the mails it claimed. */
export interface MailCounts {
  claimed: number
  sent: number
  /** A 4xx or no answer: tried again later. */
  retried: number
  /** Given up: out of tries, unreadable, refused, or its address no longer the user's, refused or unconfirmed. */
  failed: number
  /** Refused for good (5xx): the address is marked undeliverable (also counted as failed). */
  undeliverable: number
  /** Past their expiry: failed, not sent late. */
  expired: number
  /** No endpoint policy governs the operator's own relay: always 0, part of the loop's shape. */
  blocked: number
}

export type MailSender = DeliveryLoop<MailCounts>

export const emptyMailCounts = (): MailCounts => ({
  claimed: 0,
  sent: 0,
  retried: 0,
  failed: 0,
  undeliverable: 0,
  expired: 0,
  blocked: 0,
})

/** The domain of MAIL_FROM (`Name <noreply@example.fi>` or a bare address). */
export function fromDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from
  return address.slice(address.lastIndexOf('@') + 1).trim()
}

/**
 * Sends the mail outbox on the one outbox shape (server/outbound/deliveryLoop.ts): each claimed mail is written in
 * its language and sent through the relay with a Message-ID made of its row (the same on every try), then settled:
 * sent (its links cleared from the log); tried again after a 4xx or no answer (30 s doubling to an hour) until its
 * expiry or the last try, then failed; failed at once on a 5xx, which marks the address undeliverable. A mail
 * whose address stopped being its user's, was refused before or is not confirmed (notifications) is failed unsent.
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  const { db, transport, i18n, clock, log } = options
  const maxAttempts = options.maxAttempts ?? 8
  const domain = fromDomain(options.from)
  type MailBatch = Batch<ClaimedMail, MailCounts>

  const describe = (row: ClaimedMail) => ({ tenant: row.tenant_id, id: row.id, kind: row.kind })

  async function unsubscribeUrl(row: ClaimedMail, data: MailData, root: string): Promise<string | null> {
    if (data.kind !== 'notification' || !row.user_id) return null
    const kind = switchOf[data.notification.kind]
    if (!kind) return null
    const token = unsubscribeToken(await options.linkKey(), {
      tenant: row.tenant_id,
      userId: row.user_id,
      kind,
    })
    return `${root}/email/unsubscribe?token=${encodeURIComponent(token)}`
  }

  async function fail(row: ClaimedMail, batch: MailBatch, error: string): Promise<void> {
    batch.counts.failed++
    await markMailFailure(db, row, error, null)
  }

  async function settle(row: ClaimedMail, outcome: MailOutcome, batch: MailBatch): Promise<void> {
    const { counts } = batch
    const now = clock.now()
    switch (outcome.kind) {
      case 'sent':
        counts.sent++
        await markMailSent(db, row, now)
        return
      case 'retry': {
        const at = now.add(backoff(row.attempts))
        if (row.attempts >= maxAttempts || Temporal.Instant.compare(at, row.expires_at) >= 0) {
          log.warn({ email: { ...describe(row), reason: outcome.reason } }, 'mail given up')
          return fail(row, batch, outcome.reason)
        }
        counts.retried++
        await markMailFailure(db, row, outcome.reason, at)
        return
      }
      case 'refused':
        counts.undeliverable++
        log.warn({ email: { ...describe(row), reason: outcome.reason } }, 'mail address refused for good')
        await fail(row, batch, outcome.reason)
        await markAddressUndeliverable(db, row.tenant_id, row.to_address, now)
    }
  }

  async function send(row: ClaimedMail, batch: MailBatch): Promise<void> {
    if (Temporal.Instant.compare(row.expires_at, batch.now) <= 0) {
      batch.counts.expired++
      return fail(row, batch, 'expired')
    }
    if (row.address !== 'ok') return fail(row, batch, `address ${row.address}`)
    const parsed = mailData.safeParse(row.data)
    if (!parsed.success) {
      log.error({ email: describe(row) }, 'mail data unreadable')
      return fail(row, batch, 'data unreadable')
    }
    const root = row.portal_url.replace(/\/$/, '')
    const unsubscribe = await unsubscribeUrl(row, parsed.data, root)
    const text = mailText(i18n, parsed.data, {
      locale: row.locale,
      portalUrl: root,
      timeZone: tenantTimeZone(row.tenant_id, URL.parse(row.portal_url)?.hostname, options.extraHosts),
      serviceName: getTenant(row.tenant_id).name,
      unsubscribeUrl: unsubscribe,
    })
    const outcome = await transport.send({
      tenant: row.tenant_id,
      from: options.from,
      to: row.to_address,
      ...text,
      messageId: `<${row.id}.${row.tenant_id}@${domain}>`,
      headers: {
        'Auto-Submitted': 'auto-generated',
        ...(unsubscribe
          ? { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
          : {}),
      },
    })
    await settle(row, outcome, batch)
  }

  return createDeliveryLoop({
    ...options,
    name: 'email',
    claim: (now, leaseUntil, limit) => claimDueMails(db, now, leaseUntil, limit),
    send,
    emptyCounts: emptyMailCounts,
    describe,
  })
}
