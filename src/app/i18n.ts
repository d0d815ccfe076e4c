import { i18n, type I18n, type Messages } from '@lingui/core'
import type { TextVariant } from '../../tenants'
import type { Locale } from '../domain/locale'
import type { TextOverrides } from '../../locales/overrides/types'

/** One chunk per locale: only the active catalog is loaded. */
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  fi: () => import('../../locales/fi/messages.po'),
  sv: () => import('../../locales/sv/messages.po'),
  en: () => import('../../locales/en/messages.po'),
}

const variants: Record<TextVariant, () => Promise<{ overrides: TextOverrides }>> = {
  th: () => import('../../locales/overrides/th'),
}

/** The catalog with the tenant's text variant applied over it. */
export function withOverrides(messages: Messages, overrides: TextOverrides | null, locale: Locale): Messages {
  return overrides ? { ...messages, ...overrides[locale] } : messages
}

export async function activateCatalog(locale: Locale, variant?: TextVariant): Promise<I18n> {
  const [{ messages }, variantModule] = await Promise.all([
    catalogs[locale](),
    variant ? variants[variant]() : Promise.resolve(null),
  ])
  i18n.loadAndActivate({
    locale,
    messages: withOverrides(messages, variantModule?.overrides ?? null, locale),
  })
  return i18n
}
