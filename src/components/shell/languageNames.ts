import type { Locale } from '../../domain/locale'

/**
 * Each language is named in itself, so a reader finds their own whatever the current language. The key order
 * is the selector's order (spec section 2).
 */
export const languageNames: Record<Locale, string> = {
  fi: 'Suomeksi',
  en: 'In English',
  sv: 'På svenska',
}
