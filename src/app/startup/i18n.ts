import { i18n, type I18n, type Messages } from '@lingui/core'
import { rootRouteId } from '@tanstack/react-router'
import type { TextVariant } from '../../../tenants'
import type { LazyPart } from './catalogParts'
import type { Locale } from '../../domain/locale'
import type { TextOverrides } from '../../../locales/overrides/types'

type Part = () => Promise<{ messages: Messages }>

/** Only the active locale's catalog loads, in parts (src/app/startup/catalogParts.ts), one chunk each. */
const firstParts: Record<Locale, Part> = {
  fi: () => import('../../../locales/fi/messages.po?part=first'),
  sv: () => import('../../../locales/sv/messages.po?part=first'),
  en: () => import('../../../locales/en/messages.po?part=first'),
}
const lazyParts: Record<LazyPart, Record<Locale, Part>> = {
  screens: {
    fi: () => import('../../../locales/fi/messages.po?part=screens'),
    sv: () => import('../../../locales/sv/messages.po?part=screens'),
    en: () => import('../../../locales/en/messages.po?part=screens'),
  },
  followUp: {
    fi: () => import('../../../locales/fi/messages.po?part=followUp'),
    sv: () => import('../../../locales/sv/messages.po?part=followUp'),
    en: () => import('../../../locales/en/messages.po?part=followUp'),
  },
  booking: {
    fi: () => import('../../../locales/fi/messages.po?part=booking'),
    sv: () => import('../../../locales/sv/messages.po?part=booking'),
    en: () => import('../../../locales/en/messages.po?part=booking'),
  },
  permissions: {
    fi: () => import('../../../locales/fi/messages.po?part=permissions'),
    sv: () => import('../../../locales/sv/messages.po?part=permissions'),
    en: () => import('../../../locales/en/messages.po?part=permissions'),
  },
  account: {
    fi: () => import('../../../locales/fi/messages.po?part=account'),
    sv: () => import('../../../locales/sv/messages.po?part=account'),
    en: () => import('../../../locales/en/messages.po?part=account'),
  },
  texts: {
    fi: () => import('../../../locales/fi/messages.po?part=texts'),
    sv: () => import('../../../locales/sv/messages.po?part=texts'),
    en: () => import('../../../locales/en/messages.po?part=texts'),
  },
  settings: {
    fi: () => import('../../../locales/fi/messages.po?part=settings'),
    sv: () => import('../../../locales/sv/messages.po?part=settings'),
    en: () => import('../../../locales/en/messages.po?part=settings'),
  },
  bookingSteps: {
    fi: () => import('../../../locales/fi/messages.po?part=bookingSteps'),
    sv: () => import('../../../locales/sv/messages.po?part=bookingSteps'),
    en: () => import('../../../locales/en/messages.po?part=bookingSteps'),
  },
}

/** The last activated catalog's loader of a part: for a part that code loaded on demand shows (`loadCatalogPart`). */
let loadActive: ((part: LazyPart) => Promise<void>) | null = null

/**
 * Loads a part of the active catalog that a screen's code loaded on demand shows, not a route (the booking
 * wizard's later steps): that code's loader waits for it beside its chunk. Before any catalog is active there
 * is nothing to load into.
 */
export function loadCatalogPart(part: LazyPart): Promise<void> {
  return loadActive ? loadActive(part) : Promise.resolve()
}

const variants: Record<TextVariant, () => Promise<{ overrides: TextOverrides }>> = {
  th: () => import('../../../locales/overrides/th'),
}

/** The catalog with the tenant's text variant applied over it. */
export function withOverrides(messages: Messages, overrides: TextOverrides | null, locale: Locale): Messages {
  return overrides ? { ...messages, ...overrides[locale] } : messages
}

/** The page's catalog, made once at start-up (main.tsx) and passed to what loads its other parts. */
export interface Catalog {
  /** Lingui, once the first part has loaded and is active. */
  ready: Promise<I18n>
  /**
   * The parts the matched routes show beyond the first (`lazyPartsFor`). Each screen waits for them before it
   * renders (src/routes/__root.tsx, through the router's context). Once loaded a part stays; a failed load is
   * tried again by the next call.
   */
  loadRouteMessages(routeIds: readonly unknown[]): Promise<void>
  /** The screens' part alone, which a user's session waits for: its notices use it. */
  loadScreenMessages(): Promise<void>
}

/** Loads the first part of the locale's catalog and activates it; the other parts load with their screens. */
export function activateCatalog(locale: Locale, variant?: TextVariant): Catalog {
  const overrides = variant ? variants[variant]().then((module) => module.overrides) : Promise.resolve(null)
  const loadPart = async (part: Part) => {
    const [{ messages }, loaded] = await Promise.all([part(), overrides])
    // Merges: the parts may arrive in any order.
    i18n.load(locale, withOverrides(messages, loaded, locale))
  }
  const loading = new Map<LazyPart, Promise<void>>()
  const load = (part: LazyPart) => {
    let promise = loading.get(part)
    if (!promise) {
      promise = loadPart(lazyParts[part][locale]).catch((error: unknown) => {
        loading.delete(part)
        throw error
      })
      loading.set(part, promise)
    }
    return promise
  }
  loadActive = load
  return {
    ready: loadPart(firstParts[locale]).then(() => {
      i18n.activate(locale)
      return i18n
    }),
    loadRouteMessages: async (routeIds) => {
      await Promise.all(lazyPartsFor(routeIds).map(load))
    },
    loadScreenMessages: () => load('screens'),
  }
}

/** The routes that show a part beyond the screens' (route ids, matched as prefixes). */
const routesOfPart: Record<Exclude<LazyPart, 'screens' | 'bookingSteps'>, readonly string[]> = {
  followUp: ['/_auth/trips', '/track/', '/_auth/canceltrips', '/_auth/messages'],
  booking: ['/_auth/booking'],
  permissions: ['/_auth/transportationPermissions/'],
  account: [
    '/_auth/passengers',
    '/_auth/password',
    '/_auth/personal-info',
    '/invitation/',
    '/register-travel-card',
    '/logged-out',
  ],
  texts: ['/privacy', '/accessibility-report'],
  settings: ['/_auth/notifications'],
}

/**
 * The parts the matched routes show beyond the first: none for home and the not-found page, the screens' part
 * for every other screen, and the booking, permissions, account, texts or settings part too for the screens that show them.
 */
export function lazyPartsFor(routeIds: readonly unknown[]): LazyPart[] {
  const screens = routeIds.filter(
    (routeId): routeId is string => typeof routeId === 'string' && routeId !== rootRouteId && routeId !== '/',
  )
  if (screens.length === 0) return []
  const more = Object.entries(routesOfPart)
    .filter(([, routes]) => screens.some((routeId) => routes.some((route) => routeId.startsWith(route))))
    .map(([part]) => part as LazyPart)
  return ['screens', ...more]
}
