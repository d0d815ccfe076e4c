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

/** The page's catalog, made once at start-up (main.tsx) and passed to what loads its second part. */
export interface Catalog {
  /** Lingui, once the first part has loaded and is active. */
  ready: Promise<I18n>
  /**
   * The messages of the screens other than home. Each of them waits for this before it renders (src/routes/
   * __root.tsx, through the router's context), and so does a user's session, whose notices use them. Once loaded
   * they stay; a failed load is tried again by the next call.
   */
  loadScreenMessages(): Promise<void>
}

/** Loads the first part of the locale's catalog and activates it; the other part loads with the screens. */
export function activateCatalog(locale: Locale, variant?: TextVariant): Catalog {
  const overrides = variant ? variants[variant]().then((module) => module.overrides) : Promise.resolve(null)
  const loadPart = async (parts: Record<Locale, Part>) => {
    const [{ messages }, loaded] = await Promise.all([parts[locale](), overrides])
    // Merges: the parts may arrive in either order.
    i18n.load(locale, withOverrides(messages, loaded, locale))
  }
  let screens: Promise<void> | null = null
  return {
    ready: loadPart(firstParts).then(() => {
      i18n.activate(locale)
      return i18n
    }),
    loadScreenMessages: () => {
      screens ??= loadPart(screenParts).catch((error: unknown) => {
        screens = null
        throw error
      })
      return screens
    },
  }
}

/** Whether the routes matched show the screens' messages: all but home and the not-found page do. */
export function needsScreenMessages(routeIds: readonly unknown[]): boolean {
  return routeIds.some((routeId) => routeId !== rootRouteId && routeId !== '/')
}
