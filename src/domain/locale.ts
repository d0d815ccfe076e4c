import { topLevelDomain } from './hosts'

export const locales = ['fi', 'sv', 'en'] as const
export type Locale = (typeof locales)[number]

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
}

/** fi on .fi hosts, otherwise en (spec section 9). */
export function defaultLocaleForHost(hostname: string): Locale {
  return topLevelDomain(hostname) === 'fi' ? 'fi' : 'en'
}

/** The first supported language of the browser's list ('sv-FI' counts as sv). */
export function localeFromLanguages(languages: readonly string[]): Locale | null {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0]
    if (isLocale(base)) return base
  }
  return null
}

export interface LocaleInputs {
  hostname: string
  /** The `lang` query parameter. */
  query?: string | null | undefined
  /** The locale stored on this device. */
  stored?: string | null | undefined
  browserLanguages?: readonly string[]
}

/** The cookie in which the page tells the server the locale stored on the device (src/app/browser/storage.ts). */
export const localeCookie = 'portal_locale'

/** `lang` query first, then a stored locale, then the browser's language, then the host's default. */
export function resolveLocale(inputs: LocaleInputs): Locale {
  if (isLocale(inputs.query)) return inputs.query
  if (isLocale(inputs.stored)) return inputs.stored
  return localeFromLanguages(inputs.browserLanguages ?? []) ?? defaultLocaleForHost(inputs.hostname)
}

/** The language selector hides English on .uk and .us hosts while English is active (spec section 2). */
export function selectableLocales(hostname: string, active: Locale): Locale[] {
  const tld = topLevelDomain(hostname)
  const hideEnglish = active === 'en' && (tld === 'uk' || tld === 'us')
  return locales.filter((locale) => !(hideEnglish && locale === 'en'))
}
