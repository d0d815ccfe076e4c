import { isDevHost, timeZoneForHost } from '../../domain/hosts'
import { resolveLocale, type Locale } from '../../domain/locale'
import { resolveTenant } from '../../domain/tenantResolution'
import { getTenant } from '../../../tenants'
import type { PortalEnvironment } from '../environment'

/** What the page must do before anything renders. Pure, so every rule is tested without a browser. */
export type BootDecision =
  | { kind: 'redirect'; url: string }
  | { kind: 'unknownTenant'; requested: string; locale: Locale; storeLocale: boolean }
  | {
      kind: 'start'
      environment: PortalEnvironment
      locale: Locale
      /** A `lang` query chose the locale: remember it. */
      storeLocale: boolean
      /** The tenant came from the path prefix on a local host: remember it for visits without one. */
      storeTenant: boolean
    }

export interface BootInputs {
  href: string
  storedTenant: string | null
  storedLocale: string | null
  browserLanguages: readonly string[]
}

const legacyInvitation = '/#/invitation/'

export function decideBoot(inputs: BootInputs): BootDecision {
  // Old hash-router links (/#/invitation/CODE) became /invitation/CODE.
  if (inputs.href.includes(legacyInvitation)) {
    return { kind: 'redirect', url: inputs.href.replace(legacyInvitation, '/invitation/') }
  }
  const url = new URL(inputs.href)
  const query = url.searchParams.get('lang')
  const locale = resolveLocale({
    hostname: url.hostname,
    query,
    stored: inputs.storedLocale,
    browserLanguages: inputs.browserLanguages,
  })
  const storeLocale = query === locale
  const tenant = resolveTenant({
    hostname: url.hostname,
    pathname: url.pathname,
    stored: inputs.storedTenant,
  })
  if (tenant.kind === 'unknown') {
    return { kind: 'unknownTenant', requested: tenant.requested, locale, storeLocale }
  }
  if (tenant.source === 'stored') {
    // A local host without a prefix, but this device chose a tenant before: go to its prefix.
    return {
      kind: 'redirect',
      url: `${url.origin}/${tenant.tenantId}${url.pathname}${url.search}${url.hash}`,
    }
  }
  return {
    kind: 'start',
    environment: {
      tenant: getTenant(tenant.tenantId),
      pathPrefix: tenant.pathPrefix,
      hostname: url.hostname,
      devHost: isDevHost(url.hostname),
      timeZone: timeZoneForHost(url.hostname),
    },
    locale,
    storeLocale,
    storeTenant: tenant.source === 'path',
  }
}
