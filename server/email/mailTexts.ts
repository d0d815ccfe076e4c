import type { I18n } from '@lingui/core'
import type { Locale } from '../../src/domain/locale'
import type { NotificationData } from '../domain/notificationData'
import type { MailData } from '../domain/mailData'
import { notificationPath } from '../domain/notificationPath'
import { notificationText } from '../domain/notificationTexts'
import type { ServerI18n } from '../i18n/catalogs'
import { html } from '../pages/html'

export interface MailContext {
  locale: Locale
  /** The portal root the links open (the one the user last used), without a trailing slash needed. */
  portalUrl: string
  /** The tenant's zone on that root's host (server/time/timeZone.ts). */
  timeZone: string
  /** The transport service's name (the tenant's), a proper noun. */
  serviceName: string
  /** A notification's one-click unsubscribe link; null for account mails. */
  unsubscribeUrl: string | null
}

export interface MailText {
  subject: string
  text: string
  html: string
}

type Block = { paragraph: string } | { link: string; href: string }

interface MailParts {
  subject: string
  blocks: Block[]
  /** Why the mail came and how to stop it; after a rule, smaller. */
  footer: Block[]
}

const paragraph = (text: string): Block => ({ paragraph: text })

/** Where a notification's link goes, said as the link's text. */
function openLink(i18n: I18n, data: NotificationData, href: string): Block {
  const { path } = notificationPath(data)
  if (path === '/messages')
    return { link: i18n._({ id: 'mail.link.messages', message: 'Read the message in the portal' }), href }
  if (path === '/trips')
    return { link: i18n._({ id: 'mail.link.trips', message: 'See the trips in the portal' }), href }
  if (path === '/' || !('firstName' in data))
    return { link: i18n._({ id: 'mail.link.portal', message: 'Open the portal' }), href }
  return {
    link: i18n._({
      id: 'mail.link.trip',
      message: "Open {name}'s trip in the portal",
      values: { name: data.firstName },
    }),
    href,
  }
}

function notificationParts(
  i18n: I18n,
  data: NotificationData,
  context: MailContext,
  root: string,
): MailParts {
  const { title, body } = notificationText(i18n, data, context.timeZone)
  const footer: Block[] = [
    paragraph(
      i18n._({
        id: 'mail.notification.why',
        message:
          'You get this e-mail because your notification choices in {service} send this kind by e-mail.',
        values: { service: context.serviceName },
      }),
    ),
    {
      link: i18n._({ id: 'mail.notification.choices', message: 'Change your notification choices' }),
      href: `${root}/notifications`,
    },
  ]
  if (context.unsubscribeUrl)
    footer.push({
      link: i18n._({ id: 'mail.notification.unsubscribe', message: 'Stop e-mails of this kind' }),
      href: context.unsubscribeUrl,
    })
  return {
    subject: title,
    blocks: [paragraph(body), openLink(i18n, data, `${root}${notificationPath(data).path}`)],
    footer,
  }
}

function accountFooter(i18n: I18n, context: MailContext, root: string): Block[] {
  return [
    paragraph(
      i18n._({
        id: 'mail.account.why',
        message:
          'You get this e-mail because of your account in {service}. It is sent automatically; replies are not read.',
        values: { service: context.serviceName },
      }),
    ),
    { link: i18n._({ id: 'mail.link.portal', message: 'Open the portal' }), href: `${root}/` },
  ]
}

function parts(i18n: I18n, data: MailData, context: MailContext): MailParts {
  const root = context.portalUrl.replace(/\/$/, '')
  const service = context.serviceName
  switch (data.kind) {
    case 'notification':
      return notificationParts(i18n, data.notification, context, root)
    case 'verifyEmail':
      return {
        subject: i18n._({ id: 'mail.verify.subject', message: 'Confirm your e-mail address' }),
        blocks: [
          paragraph(
            i18n._({ id: 'mail.greeting', message: 'Hello {name},', values: { name: data.firstName } }),
          ),
          paragraph(
            i18n._({
              id: 'mail.verify.body',
              message:
                'Confirm that this address is yours. Only then does {service} send you notifications and password recovery links by e-mail.',
              values: { service },
            }),
          ),
          {
            link: i18n._({ id: 'mail.verify.link', message: 'Confirm the e-mail address' }),
            href: `${root}/email/verify?token=${encodeURIComponent(data.token)}&locale=${context.locale}`,
          },
          paragraph(
            i18n._({
              id: 'mail.verify.valid',
              message:
                'The link works once, within 24 hours. If you did not give this address, ignore this e-mail.',
            }),
          ),
        ],
        footer: accountFooter(i18n, context, root),
      }
    case 'emailChanged':
      return {
        subject: i18n._({
          id: 'mail.changed.subject',
          message: 'The e-mail address of your account was changed',
        }),
        blocks: [
          paragraph(
            i18n._({ id: 'mail.greeting', message: 'Hello {name},', values: { name: data.firstName } }),
          ),
          paragraph(
            i18n._({
              id: 'mail.changed.body',
              message:
                'The e-mail address of your account in {service} was changed, and e-mails no longer come to this address.',
              values: { service },
            }),
          ),
          paragraph(
            i18n._({
              id: 'mail.changed.not_you',
              message: 'If you did not change it, contact the transport service at once.',
            }),
          ),
        ],
        footer: accountFooter(i18n, context, root),
      }
    case 'passwordReset': {
      const blocks: Block[] = [
        paragraph(
          i18n._({
            id: 'mail.reset.body',
            message: 'Someone asked to reset the password of an account of this e-mail address in {service}.',
            values: { service },
          }),
        ),
      ]
      for (const account of data.accounts)
        blocks.push({
          link: i18n._({
            id: 'mail.reset.link',
            message: 'Set a new password for the username {userName}',
            values: { userName: account.userName },
          }),
          href: `${root}/login/reset?token=${encodeURIComponent(account.token)}&locale=${context.locale}`,
        })
      if (data.accounts.length > 0)
        blocks.push(
          paragraph(
            i18n._({
              id: 'mail.reset.valid',
              message: 'A link works once, within 30 minutes.',
            }),
          ),
        )
      if (data.strongAuthOnly)
        blocks.push(
          paragraph(
            i18n._({
              id: 'mail.reset.strong_auth',
              message:
                'An account of this address signs in with strong authentication (bank ID or mobile certificate) and has no password: sign in with strong authentication instead.',
            }),
          ),
        )
      blocks.push(
        paragraph(
          i18n._({
            id: 'mail.reset.not_you',
            message: 'If you did not ask for this, ignore this e-mail: nothing changes.',
          }),
        ),
      )
      return {
        subject: i18n._({ id: 'mail.reset.subject', message: 'Reset your password' }),
        blocks,
        footer: accountFooter(i18n, context, root),
      }
    }
  }
}

function plainText(heading: string, blocks: Block[], footer: Block[]): string {
  const line = (block: Block) => ('paragraph' in block ? block.paragraph : `${block.link}:\n${block.href}`)
  return [
    heading,
    '',
    ...blocks.map(line).join('\n\n').split('\n'),
    '',
    '-- ',
    footer.map(line).join('\n\n'),
  ].join('\n')
}

/**
 * The mail as HTML that reads as well without its styles: a language, a title, one heading, paragraphs, links
 * whose text says where they go; dark text on white and a link colour above 4.5:1 (WCAG AA), no images.
 */
function htmlDocument(locale: Locale, subject: string, blocks: Block[], footer: Block[]): string {
  const render = (block: Block) =>
    'paragraph' in block
      ? html`<p>${block.paragraph}</p>`
      : html`<p><a href="${block.href}" style="color:#0a4f99">${block.link}</a></p>`
  return `<!doctype html>\n${
    html`<html lang="${locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${subject}</title>
      </head>
      <body
        style="margin:0;padding:16px;background:#ffffff;color:#1a1a1a;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif"
      >
        <main style="max-width:36rem">
          <h1 style="font-size:22px;margin:0 0 16px">${subject}</h1>
          ${blocks.map(render)}
        </main>
        <footer
          style="max-width:36rem;margin-top:24px;border-top:1px solid #767676;padding-top:8px;font-size:14px;color:#3d3d3d"
        >
          ${footer.map(render)}
        </footer>
      </body>
    </html>`.value
  }\n`
}

/** A mail in the recipient's language (the server's PO catalogs): its subject, plain text and HTML. */
export function mailText(catalogs: ServerI18n, data: MailData, context: MailContext): MailText {
  const { subject, blocks, footer } = parts(catalogs(context.locale), data, context)
  return {
    subject,
    text: plainText(subject, blocks, footer),
    html: htmlDocument(context.locale, subject, blocks, footer),
  }
}
