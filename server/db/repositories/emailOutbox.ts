import type { Temporal } from 'temporal-polyfill'
import type { Locale } from '../../../src/domain/locale'
import type { MailData } from '../../domain/mailData'
import { jsonb } from '../json'
import type { ScopedDb } from '../tenantScope'

/** One mail as its producer queues it (the sender writes it in `locale` when it sends). */
export interface QueuedMail {
  /** The user it is for; null for a mail to an address (password recovery lists every account of it). */
  userId: string | null
  toAddress: string
  locale: Locale
  data: MailData
  /** The portal root its links open (server/net/portalUrl.ts). */
  portalUrl: string
  /** Not sent after this. */
  expiresAt: Temporal.Instant
}

/**
 * The mail outbox's producers' side (`email_deliveries`, migration 0028): rows written in the transaction of
 * what causes them; the sender (server/email/) claims, sends and settles them.
 */
export function emailOutboxRepository(db: ScopedDb) {
  return {
    /** Queues one mail; answers its id (its Message-ID's part). */
    async enqueue(mail: QueuedMail): Promise<string> {
      const row = await db
        .insertInto('email_deliveries')
        .values({
          user_id: mail.userId,
          to_address: mail.toAddress,
          locale: mail.locale,
          kind: mail.data.kind,
          data: jsonb(mail.data),
          portal_url: mail.portalUrl,
          expires_at: mail.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    },
    /** The demo's kept mails (demo mode without SMTP settings), newest first. */
    demoMails(limit: number) {
      return db
        .selectFrom('demo_mails')
        .select(['id', 'to_address', 'subject', 'text', 'created_at'])
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
    },
  }
}
