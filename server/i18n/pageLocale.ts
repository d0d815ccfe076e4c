import type { FastifyRequest } from 'fastify'
import { defaultLocaleForHost, isLocale, type Locale } from '../../src/domain/locale'

/** The language of a server-rendered page: the `locale` (or `lang`) query parameter, else the host's default. */
export function pageLocale(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined
  const requested = query?.locale ?? query?.lang
  return isLocale(requested) ? requested : defaultLocaleForHost(request.hostname)
}
