import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  lastUser,
  loginPending,
  rememberUser,
  storedLocale,
  storedTenant,
  storeLocale,
  storeLoginPending,
  storeTenant,
} from '../../../src/app/browser/storage'

class MemoryStorage {
  private readonly items = new Map<string, string>()
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.items.set(key, value)
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  keys() {
    return [...this.items.keys()]
  }
}

let local: MemoryStorage
let session: MemoryStorage
beforeEach(() => {
  local = new MemoryStorage()
  session = new MemoryStorage()
  vi.stubGlobal('window', {
    localStorage: local,
    sessionStorage: session,
    location: { protocol: 'https:' },
  })
  vi.stubGlobal('document', { cookie: '' })
})
afterEach(() => vi.unstubAllGlobals())

describe('storage', () => {
  it('remembers the tenant and a valid locale', () => {
    storeTenant('espoo')
    storeLocale('sv')
    expect(storedTenant()).toBe('espoo')
    expect(storedLocale()).toBe('sv')
  })

  it('tells the server the stored locale in a cookie, for the catalog its Link header preloads', () => {
    storeLocale('sv')
    expect(document.cookie).toBe('portal_locale=sv; Path=/; Max-Age=31536000; SameSite=Lax; Secure')
  })

  it('ignores a stored locale the portal does not have', () => {
    local.setItem('portal.locale', 'de')
    expect(storedLocale()).toBeNull()
  })

  it('remembers the last user per tenant, as an id only, and forgets it', () => {
    rememberUser('espoo', 'u1')
    rememberUser('demo', 'u2')
    expect(lastUser('espoo')).toBe('u1')
    expect(lastUser('demo')).toBe('u2')
    rememberUser('espoo', null)
    expect(lastUser('espoo')).toBeNull()
    expect(local.keys()).toEqual(['portal.lastUser.demo'])
  })

  it('keeps a pending login in the session storage, with its redirect', () => {
    storeLoginPending({ redirect: '/trips' })
    expect(loginPending()).toEqual({ redirect: '/trips' })
    expect(local.keys()).toEqual([])
    storeLoginPending(null)
    expect(loginPending()).toBeNull()
  })

  it('reads a damaged pending login as one without a redirect', () => {
    session.setItem('portal.loginPending', '{not json')
    expect(loginPending()).toEqual({ redirect: null })
  })

  it('forgets quietly when storage is unavailable', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('SecurityError')
      },
    })
    expect(() => storeTenant('espoo')).not.toThrow()
    expect(storedTenant()).toBeNull()
  })
})
