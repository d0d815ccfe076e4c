import { describe, expect, it } from 'vitest'
import { getTenant } from '../../../tenants'
import { bottomNavItems, drawerItems, passwordTitle } from '../../../src/components/shell/menuItems'
import { screenTitles } from '../../../src/components/screenTitles'

const ids = (items: { id: string }[]) => items.map((item) => item.id)

describe('drawer items', () => {
  it('hides the items that need a session from anonymous users', () => {
    const items = drawerItems(getTenant('espoo'), { signedIn: false, hasPassword: undefined })
    expect(ids(items)).toEqual(['home', 'privacy', 'accessibility-report'])
  })

  it('shows every item of the tenant to a signed-in user, in the menu order', () => {
    const items = drawerItems(getTenant('kovanen'), { signedIn: true, hasPassword: true })
    expect(ids(items)).toEqual(getTenant('kovanen').menu)
    expect(items.find((item) => item.id === 'register-travel-card')?.to).toBe('/register-travel-card')
  })

  it('keeps the travel card registration public', () => {
    const items = drawerItems(getTenant('kovanen'), { signedIn: false, hasPassword: undefined })
    expect(ids(items)).toContain('register-travel-card')
  })

  it('points privacy and accessibility to the keusote pages where the tenant has them', () => {
    const links = (tenant: string) =>
      drawerItems(getTenant(tenant), { signedIn: false, hasPassword: undefined }).map((item) => item.to)
    expect(links('kulkukeskus')).toEqual(['/', '/privacy-keusote', '/accessibility-report-keusote'])
    expect(links('demo')).toEqual(['/', '/privacy', '/accessibility-report'])
  })

  it('names the password item by whether the user has a password', () => {
    const item = (hasPassword: boolean | undefined) =>
      drawerItems(getTenant('demo'), { signedIn: true, hasPassword }).find((entry) => entry.id === 'password')
    expect(item(false)?.title).toBe(screenTitles.createPassword)
    expect(item(true)?.title).toBe(screenTitles.changePassword)
    expect(passwordTitle(undefined)).toBe(screenTitles.changePassword)
  })
})

describe('bottom navigation', () => {
  it('starts with booking where the tenant books, else passengers, and always ends with messages', () => {
    expect(ids(bottomNavItems(getTenant('espoo')))).toEqual(['booking', 'trips', 'canceltrips', 'messages'])
    expect(ids(bottomNavItems(getTenant('helpbus')))).toEqual([
      'passengers',
      'trips',
      'canceltrips',
      'messages',
    ])
    expect(bottomNavItems(getTenant('espoo')).at(-1)?.to).toBe('/messages')
  })
})
