import type { FastifyInstance, FastifyRequest } from 'fastify'
import { clockTime, instantDate } from '../../src/domain/dateDisplay'
import { isLocalHost } from '../../src/domain/hosts'
import type { ServerI18n } from '../i18n/catalogs'
import { pageLocale } from '../i18n/pageLocale'
import { html, type SafeHtml } from '../pages/html'
import { renderPage } from '../pages/layout'

/** The mails the page lists: the newest, enough to try recovery and notifications by hand. */
const shownMails = 50

const urlPattern = /(https?:\/\/[^\s<>"]+)/g

/** A mail's plain text as paragraphs, its addresses as working links. */
function mailBody(text: string): SafeHtml[] {
  return text.split(/\n{2,}/).map((block) => {
    const lines = block
      .split('\n')
      .map((line) =>
        line
          .split(urlPattern)
          .map((part, index) => (index % 2 === 1 ? html`<a href="${part}">${part}</a>` : part)),
      )
    return html`<p>${lines.map((line, index) => (index === 0 ? line : [html`<br />`, line]))}</p>`
  })
}

/**
 * Only on a local host, reached directly: the page shows live reset links, so never on a public name, nor through
 * a proxy (which would forward a public visitor), even in a public demo.
 */
function reachable(request: FastifyRequest): boolean {
  const forwarded = ['forwarded', 'x-forwarded-for', 'x-forwarded-host'].some(
    (name) => name in request.headers,
  )
  return isLocalHost(request.hostname) && !forwarded
}

/**
 * The demo's mailbox (`/demo-mailbox`, tenant-prefixed; not `/demo/…`, which names the `demo` tenant): in demo
 * mode without SMTP settings, the mails the server would have sent to the tenant's users, newest first, so that
 * recovery and notifications can be tried end to end.
 */
export function registerDemoMailboxPage(app: FastifyInstance, catalogs: ServerI18n): void {
  app.get('/demo-mailbox', async (request, reply) => {
    if (!reachable(request)) return reply.callNotFound()
    const locale = pageLocale(request)
    const i18n = catalogs(locale)
    const { timeZone, config } = request.tenant
    const mails = await request.db.emailOutbox.demoMails(shownMails)
    const title = i18n._({ id: 'mail.demo.title', message: 'Demo mailbox' })
    const body = html`<h1>${title}</h1>
      <p>
        ${i18n._({
          id: 'mail.demo.intro',
          message: 'The demo sends no e-mail: the mails it would send are kept here, newest first.',
        })}
      </p>
      ${
        mails.length === 0
          ? html`<p>${i18n._({ id: 'mail.demo.empty', message: 'No mails yet.' })}</p>`
          : mails.map(
              (mail) =>
                html`<article>
                  <hr />
                  <h2>${mail.subject}</h2>
                  <p class="muted">
                    ${i18n._({
                      id: 'mail.demo.meta',
                      message: 'To {to}, {date} at {time}',
                      values: {
                        to: mail.to_address,
                        date: instantDate(mail.created_at, timeZone),
                        time: clockTime(mail.created_at, timeZone),
                      },
                    })}
                  </p>
                  ${mailBody(mail.text)}
                </article>`,
            )
      }`
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        renderPage({ locale, title: `${title} – ${config.name}`, brand: config.name, tenant: config, body }),
      )
  })
}
