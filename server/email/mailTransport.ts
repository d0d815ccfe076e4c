import nodemailer from 'nodemailer'
import type { TenantId } from '../../tenants'
import type { DkimConfig } from '../config/emailConfig'
import type { Db } from '../db/schema'

/** One rendered mail, ready for the relay. */
export interface OutgoingMail {
  tenant: TenantId
  from: string
  to: string
  subject: string
  text: string
  html: string
  /** `<id.tenant@domain>`: the same on every try, so a relay or client that sees it twice knows it. */
  messageId: string
  headers: Record<string, string>
}

/** What the relay said about one mail. */
export type MailOutcome =
  | { kind: 'sent' }
  /** 4xx, no answer, a timeout or a refused login: worth trying again. */
  | { kind: 'retry'; code: number | null; reason: string }
  /** 5xx for the recipient or the message: this address will not take it. */
  | { kind: 'refused'; code: number; reason: string }

export interface MailTransport {
  send(mail: OutgoingMail): Promise<MailOutcome>
  close(): void
}

interface SmtpError {
  code?: string
  responseCode?: number
  command?: string
}

/**
 * What an SMTP failure means, without the relay's text (it often quotes the address, which no log keeps). A 5xx
 * for the recipient or the message is final for this address; a 5xx at login or MAIL FROM is the deployment's
 * fault (credentials, a sender the relay does not take), not the recipient's, so the mail waits for a fix.
 */
export function outcomeOfError(error: unknown): MailOutcome {
  const { code, responseCode, command } = (error ?? {}) as SmtpError
  const reason = [responseCode, code, command].filter((part) => part !== undefined).join(' ') || 'no answer'
  const deployment = command?.startsWith('AUTH') || command === 'MAIL FROM' || code === 'EAUTH'
  if (responseCode !== undefined && responseCode >= 500 && !deployment)
    return { kind: 'refused', code: responseCode, reason }
  return { kind: 'retry', code: responseCode ?? null, reason }
}

export interface SmtpTransportOptions {
  /** SMTP_URL: smtp:// (STARTTLS when the relay offers it) or smtps:// (TLS from the start), with credentials. */
  url: string
  dkim: DkimConfig | null
  /** Connections kept open to the relay (5). */
  maxConnections?: number
}

/**
 * Sends through the operator's relay with nodemailer: a pool of connections, TLS as the URL says, each mail
 * DKIM-signed when configured (the From domain's key: docs/operations.md, "E-mail").
 */
export function createSmtpTransport(options: SmtpTransportOptions): MailTransport {
  const transport = nodemailer.createTransport({
    pool: true,
    url: options.url,
    maxConnections: options.maxConnections ?? 5,
    // A relay that does not answer is tried again later rather than holding the sender for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(options.dkim ? { dkim: options.dkim } : {}),
  })
  return {
    async send(mail) {
      try {
        await transport.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          headers: mail.headers,
        })
        return { kind: 'sent' }
      } catch (error) {
        return outcomeOfError(error)
      }
    },
    close: () => transport.close(),
  }
}

/**
 * The demo without SMTP settings: each mail is kept in `demo_mails` (shown on the local-only page,
 * server/email/demoMailboxPage.ts) instead of sent, so recovery and notifications can be tried end to end.
 */
export function createDemoTransport(db: Db): MailTransport {
  return {
    async send(mail) {
      await db
        .insertInto('demo_mails')
        .values({
          tenant_id: mail.tenant,
          to_address: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        })
        .execute()
      return { kind: 'sent' }
    },
    close: () => undefined,
  }
}
