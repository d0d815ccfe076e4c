import type { FastifyRequest } from 'fastify'
import { defaultLocaleForHost, localeFromLanguages, type Locale } from '../../src/domain/locale'

/**
 * The language of an API answer's message: the first supported one of `Accept-Language` (the portal sends its
 * active locale there), else the host's default.
 */
export function apiLocale(request: FastifyRequest): Locale {
  const header = request.headers['accept-language'] ?? ''
  const languages = header
    .split(',')
    .map((part) => part.split(';')[0]!.trim())
    .filter(Boolean)
  return localeFromLanguages(languages) ?? defaultLocaleForHost(request.hostname)
}
