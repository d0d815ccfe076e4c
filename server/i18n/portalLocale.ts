import type { FastifyRequest } from 'fastify'
import { resolveLocale, type Locale } from '../../src/domain/locale'
import { acceptedLanguages } from './apiLocale'

/**
 * The locale the portal's page will most likely start in, by its own rule (src/app/bootstrap.ts) without what
 * only the browser knows (a locale stored on the device): the `lang` query, else `Accept-Language`, else the
 * host's default.
 */
export function portalLocale(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined
  const lang = typeof query?.lang === 'string' ? query.lang : null
  return resolveLocale({
    hostname: request.hostname,
    query: lang,
    stored: null,
    browserLanguages: acceptedLanguages(request),
  })
}
