import { useMemo } from 'react'
import { selectableLocales, type Locale } from '../domain/locale'
import { usePlatform } from './platform'
import { storeLocale } from './browser/storage'
import { deleteStartSnapshots } from './browser/startSnapshot'

export interface LocaleApi {
  locale: Locale
  /** The language selector's choices (English hidden on .uk/.us hosts while active). */
  selectable: Locale[]
  /** Stores the choice and reloads the page, which loads only that catalog. */
  setLocale(locale: Locale): void
}

/**
 * Reload without a `lang` query, which would otherwise win over the stored choice, once the start snapshot in
 * the old language is gone.
 */
export async function changeLocale(locale: Locale): Promise<void> {
  storeLocale(locale)
  await deleteStartSnapshots()
  const url = new URL(window.location.href)
  if (url.searchParams.has('lang')) {
    url.searchParams.delete('lang')
    window.location.replace(url.href)
  } else {
    window.location.reload()
  }
}

export function useLocale(): LocaleApi {
  const { locale, env } = usePlatform()
  return useMemo(
    () => ({
      locale,
      selectable: selectableLocales(env.hostname, locale),
      setLocale: (choice) => void changeLocale(choice),
    }),
    [locale, env.hostname],
  )
}
