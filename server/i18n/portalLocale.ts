import type { FastifyRequest } from 'fastify'
import { localeCookie, resolveLocale, type Locale } from '../../src/domain/locale'
import { acceptedLanguages } from './apiLocale'

/**
 * The locale the portal's page will start in, by its own rule (src/app/startup/bootstrap.ts): the `lang` query, else the
 * locale stored on the device (which the page mirrors in a cookie, src/app/browser/storage.ts), else `Accept-Language`,
 * else the host's default.
 */
export function portalLocale(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined
  const lang = typeof query?.lang === 'string' ? query.lang : null
  return resolveLocale({
    hostname: request.hostname,
    query: lang,
    stored: request.cookies[localeCookie] ?? null,
    browserLanguages: acceptedLanguages(request),
  })
}
