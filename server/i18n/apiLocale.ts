import type { FastifyRequest } from 'fastify'
import { defaultLocaleForHost, localeFromLanguages, type Locale } from '../../src/domain/locale'

/**
 * The language of an API answer's message: the first supported one of `Accept-Language` (the portal sends its
 * active locale there), else the host's default.
 */
export function apiLocale(request: FastifyRequest): Locale {
  return localeFromLanguages(acceptedLanguages(request)) ?? defaultLocaleForHost(request.hostname)
}

/** The languages of `Accept-Language`, in its order (weights are not read: browsers send them descending). */
export function acceptedLanguages(request: FastifyRequest): string[] {
  return (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim())
    .filter(Boolean)
}
