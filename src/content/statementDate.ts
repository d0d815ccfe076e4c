import { useLingui } from '@lingui/react'
import { Temporal } from 'temporal-polyfill'

/**
 * Statement dates read D.M.YYYY in Finnish and Swedish (spec section 9) and with the month name in English,
 * where 30.9.2025 would be ambiguous to many readers. Intl keeps the format right without hand-made month names.
 */
const formats: Record<string, { locale: string; options: Intl.DateTimeFormatOptions }> = {
  fi: { locale: 'fi-FI', options: { day: 'numeric', month: 'numeric', year: 'numeric' } },
  sv: { locale: 'sv-FI', options: { day: 'numeric', month: 'numeric', year: 'numeric' } },
  en: { locale: 'en-GB', options: { day: 'numeric', month: 'long', year: 'numeric' } },
}

/** Formats an ISO calendar date (`2025-09-30`) for a portal locale; an unknown locale gets the English form. */
export function formatStatementDate(isoDate: string, locale: string): string {
  const format = formats[locale] ?? formats.en!
  return Temporal.PlainDate.from(isoDate).toLocaleString(format.locale, format.options)
}

/** The date in the active Lingui locale. */
export function useStatementDate(isoDate: string): string {
  const { i18n } = useLingui()
  return formatStatementDate(isoDate, i18n.locale)
}
