import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Locale } from '../../src/domain/locale'
import type { ServerI18n } from '../i18n/catalogs'
import { html } from './html'
import { sendTenantPage } from './tenantPage'

export interface Confirmation {
  status: number
  locale: Locale
  title: string
  text: string
  /** The path (under the tenant's prefix) the button posts to, with these hidden fields besides the locale. */
  action: string
  fields?: Record<string, string>
  button: string
  error?: string | undefined
}

/**
 * A page that asks before something a foreign page may have started by a link (a logout, a logout to accept an
 * invitation): one button posting the form, and a way back to the portal. Never cached.
 */
export function sendConfirmationPage(
  request: FastifyRequest,
  reply: FastifyReply,
  i18n: ReturnType<ServerI18n>,
  page: Confirmation,
): FastifyReply {
  const prefix = request.tenant.pathPrefix
  const fields = Object.entries({ ...page.fields, locale: page.locale })
  return sendTenantPage(request, reply, {
    status: page.status,
    locale: page.locale,
    title: page.title,
    body: html`${page.error ? html`<div class="error" role="alert">${page.error}</div>` : ''}
      <p>${page.text}</p>
      <form method="post" action="${prefix}${page.action}">
        ${fields.map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`)}
        <button class="button" type="submit">${page.button}</button>
      </form>
      <p>
        <a class="standalone" href="${prefix}/?lang=${page.locale}"
          >${i18n._({ id: 'login.back', message: 'Back to the portal' })}</a
        >
      </p>`,
  })
}
