import type { Locale } from '../../domain/locale'
import { isLocale, localeCookie } from '../../domain/locale'

/**
 * The only place that writes Web Storage. It holds choices and markers, never tokens or personal data: the
 * remembered user is an id only, so an offline start knows which local database to open. The locale is also
 * kept in a cookie (`localeCookie`), the one choice the server uses: its Link header preloads the catalog of the
 * locale the page will start in (server/i18n/portalLocale.ts), which a device's stored choice decides.
 */

const keys = {
  tenant: 'portal.tenant',
  locale: 'portal.locale',
  lastUser: (tenant: string) => `portal.lastUser.${tenant}`,
  loginPending: 'portal.loginPending',
  sessionEnded: (tenant: string) => `portal.sessionEnded.${tenant}`,
} as const

/** Storage can be missing or throw (private mode, blocked cookies): the portal then simply forgets. */
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key)
  } catch {
    return null
  }
}

function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key)
    else storage().setItem(key, value)
  } catch {
    // Nothing to do: the choice is simply not remembered.
  }
}

const local = () => window.localStorage
const session = () => window.sessionStorage

export function storedTenant(): string | null {
  return read(local, keys.tenant)
}

export function storeTenant(tenant: string): void {
  write(local, keys.tenant, tenant)
}

export function storedLocale(): Locale | null {
  const value = read(local, keys.locale)
  return isLocale(value) ? value : null
}

const yearSeconds = 365 * 24 * 60 * 60

export function storeLocale(locale: Locale): void {
  write(local, keys.locale, locale)
  try {
    const secure = window.location.protocol === 'https:' ? '; Secure' : ''
    document.cookie = `${localeCookie}=${locale}; Path=/; Max-Age=${yearSeconds}; SameSite=Lax${secure}`
  } catch {
    // No cookies: the server guesses the locale from the request, and the page loads its own catalog anyway.
  }
}

/** The id of the user last signed in on this device for the tenant, or null. */
export function lastUser(tenant: string): string | null {
  return read(local, keys.lastUser(tenant))
}

export function rememberUser(tenant: string, userId: string | null): void {
  write(local, keys.lastUser(tenant), userId)
}

export interface LoginPending {
  /** The `redirect` query of the page the login started from, if any. */
  redirect: string | null
}

export function loginPending(): LoginPending | null {
  const raw = read(session, keys.loginPending)
  if (raw === null) return null
  try {
    const value: unknown = JSON.parse(raw)
    const redirect =
      typeof value === 'object' && value !== null && 'redirect' in value ? value.redirect : null
    return { redirect: typeof redirect === 'string' ? redirect : null }
  } catch {
    return { redirect: null }
  }
}

export function storeLoginPending(pending: LoginPending | null): void {
  write(session, keys.loginPending, pending === null ? null : JSON.stringify(pending))
}

/**
 * The user whose session ended by itself in this tab (an id only): the home screen tells them, and what this
 * device keeps of their work, until they sign in again.
 */
export function sessionEndedUser(tenant: string): string | null {
  return read(session, keys.sessionEnded(tenant))
}

export function storeSessionEnded(tenant: string, userId: string | null): void {
  write(session, keys.sessionEnded(tenant), userId)
}
