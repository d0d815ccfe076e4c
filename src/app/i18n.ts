import { i18n, type I18n, type Messages } from '@lingui/core'
import { rootRouteId } from '@tanstack/react-router'
import type { TextVariant } from '../../tenants'
import type { Locale } from '../domain/locale'
import type { TextOverrides } from '../../locales/overrides/types'

type Part = () => Promise<{ messages: Messages }>

/** Only the active locale's catalog loads, in two parts (src/app/catalogParts.ts), one chunk each. */
const firstParts: Record<Locale, Part> = {
  fi: () => import('../../locales/fi/messages.po?part=first'),
  sv: () => import('../../locales/sv/messages.po?part=first'),
  en: () => import('../../locales/en/messages.po?part=first'),
}
const screenParts: Record<Locale, Part> = {
  fi: () => import('../../locales/fi/messages.po?part=screens'),
  sv: () => import('../../locales/sv/messages.po?part=screens'),
  en: () => import('../../locales/en/messages.po?part=screens'),
}

const variants: Record<TextVariant, () => Promise<{ overrides: TextOverrides }>> = {
  th: () => import('../../locales/overrides/th'),
}

/** The catalog with the tenant's text variant applied over it. */
export function withOverrides(messages: Messages, overrides: TextOverrides | null, locale: Locale): Messages {
  return overrides ? { ...messages, ...overrides[locale] } : messages
}

let active: { locale: Locale; overrides: Promise<TextOverrides | null> } | null = null
let screens: Promise<void> | null = null

async function loadPart(parts: Record<Locale, Part>): Promise<void> {
  if (!active) throw new Error('No catalog is active (see activateCatalog)')
  const { locale } = active
  const [{ messages }, overrides] = await Promise.all([parts[locale](), active.overrides])
  // Merges: the parts may arrive in either order.
  i18n.load(locale, withOverrides(messages, overrides, locale))
}

/** Loads the first part of the locale's catalog and activates it; the other part loads with the screens. */
export async function activateCatalog(locale: Locale, variant?: TextVariant): Promise<I18n> {
  active = {
    locale,
    overrides: variant ? variants[variant]().then((module) => module.overrides) : Promise.resolve(null),
  }
  await loadPart(firstParts)
  i18n.activate(locale)
  return i18n
}

/** Whether the routes matched show the screens' messages: all but home and the not-found page do. */
export function needsScreenMessages(routeIds: readonly unknown[]): boolean {
  return routeIds.some((routeId) => routeId !== rootRouteId && routeId !== '/')
}

/**
 * The messages of the screens other than home. Each of them waits for this before it renders (src/routes/
 * __root.tsx), and so does a user's session, whose notices use them. Once loaded they stay; a failed load is
 * tried again by the next call.
 */
export function loadScreenMessages(): Promise<void> {
  screens ??= loadPart(screenParts).catch((error: unknown) => {
    screens = null
    throw error
  })
  return screens
}
