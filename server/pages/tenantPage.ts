import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Locale } from '../../src/domain/locale'
import { html, type SafeHtml } from './html'
import { renderPage } from './layout'

export interface TenantPage {
  status: number
  locale: Locale
  /** The page's h1, and its document title before the tenant's name. */
  title: string
  body: SafeHtml
}

/** Sends a server page of the request's tenant in its theme under an h1, never cached (it depends on the request). */
export function sendTenantPage(request: FastifyRequest, reply: FastifyReply, page: TenantPage): FastifyReply {
  const body = renderPage({
    locale: page.locale,
    title: `${page.title} – ${request.tenant.config.name}`,
    brand: request.tenant.config.name,
    tenant: request.tenant.config,
    body: html`<h1>${page.title}</h1>
      ${page.body}`,
  })
  return reply
    .code(page.status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body)
}
