import formbody from '@fastify/formbody'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isLocale, type Locale } from '../../src/domain/locale'
import { textLimits } from '../../src/contract/common'
import { unsubscribe, unsubscribeTarget, type UnsubscribeTarget } from '../email/unsubscribe'
import { sendBadUnsubscribeLink, sendUnsubscribed, sendUnsubscribeQuestion } from '../email/unsubscribePages'
import type { ServerI18n } from '../i18n/catalogs'
import { pageLocale } from '../i18n/pageLocale'

export interface EmailUnsubscribeOptions {
  i18n: ServerI18n
}

const tokenOf = (request: FastifyRequest): string => {
  const token = (request.query as Record<string, unknown> | undefined)?.token
  return typeof token === 'string' && token.length <= textLimits.token ? token : ''
}

/** The page's language: the user's, else the form's or the page's. */
const localeFor = (request: FastifyRequest, target: UnsubscribeTarget | null, form?: unknown): Locale =>
  target?.user.locale ?? (isLocale(form) ? form : pageLocale(request))

/**
 * One-click unsubscribe (RFC 8058), without signing in, under the tenant's prefix like /login: the token in the
 * query is the authority. GET shows what the link stops and a button (a link scanner changes nothing); POST, the
 * mail client's `List-Unsubscribe=One-Click` or the page's form, turns that kind off by e-mail. A mail client
 * posts from elsewhere, so the sign-in forms' same-origin check does not apply; its own scope parses the form
 * (and ignores a multipart body, which RFC 8058 allows: nothing in it counts).
 */
export async function emailUnsubscribeScope(scope: FastifyInstance, options: EmailUnsubscribeOptions) {
  await scope.register(formbody)
  scope.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_, __, done) =>
    done(null, null),
  )
  const targetOf = async (request: FastifyRequest) =>
    unsubscribeTarget(request.db, await request.server.email.linkKey(), tokenOf(request))

  scope.get('/email/unsubscribe', async (request, reply) => {
    const target = await targetOf(request)
    const locale = localeFor(request, target)
    const i18n = options.i18n(locale)
    if (!target) return sendBadUnsubscribeLink(request, reply, i18n, locale)
    return sendUnsubscribeQuestion(request, reply, i18n, locale, target.kind, tokenOf(request))
  })

  scope.post('/email/unsubscribe', async (request, reply) => {
    const target = await targetOf(request)
    const locale = localeFor(request, target, (request.body as Record<string, unknown> | null)?.locale)
    const i18n = options.i18n(locale)
    if (!target) return sendBadUnsubscribeLink(request, reply, i18n, locale)
    await unsubscribe(request.db, target)
    return sendUnsubscribed(request, reply, i18n, locale, target.kind)
  })
}
