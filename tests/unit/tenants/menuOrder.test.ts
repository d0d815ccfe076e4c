import { describe, expect, it } from 'vitest'
import { defineTenant } from '../../../tenants/defineTenant'
import { tenants, type MenuItemId, type TenantConfig } from '../../../tenants'

/**
 * Spec section 2, "Menu items": "home, passengers, transportationPermissions, trips, canceltrips, booking,
 * personal-info, messages, privacy, register-travel-card (some tenants), accessibility report, password, logout."
 * Notifications come after messages.
 */
const specOrder: readonly MenuItemId[] = [
  'home',
  'passengers',
  'transportationPermissions',
  'trips',
  'canceltrips',
  'booking',
  'personal-info',
  'messages',
  'notifications',
  'privacy',
  'register-travel-card',
  'accessibility-report',
  'password',
  'logout',
]

/** The spec's order with the items a tenant does not offer left out. */
const specOrderWithout = (...absent: MenuItemId[]) => specOrder.filter((item) => !absent.includes(item))

const tenantWith = (features: Partial<TenantConfig['features']>) =>
  defineTenant({
    id: 'demo',
    name: 'Test',
    hosts: [],
    theme: { colors: { primary: '#00507a', accent: '#ffd166' } },
    features,
  })

describe('menu order (spec section 2)', () => {
  it('lists every item in the spec’s order for a tenant that offers them all', () => {
    const every = tenantWith({ booking: true, transportationPermissions: true, travelCardRegistration: true })
    expect(every.menu).toEqual(specOrder)
  })

  it('keeps the spec’s order when a tenant leaves items out', () => {
    const none = tenantWith({
      booking: false,
      transportationPermissions: false,
      travelCardRegistration: false,
    })
    expect(none.menu).toEqual(
      specOrderWithout('booking', 'transportationPermissions', 'register-travel-card'),
    )
    // One of each kind among the real tenants: booking and permissions, booking and travel cards, neither.
    expect(tenants.demo.menu).toEqual(specOrderWithout('register-travel-card'))
    expect(tenants.kovanen.menu).toEqual(specOrderWithout('transportationPermissions'))
    expect(tenants.helpbus.menu).toEqual(
      specOrderWithout('booking', 'transportationPermissions', 'register-travel-card'),
    )
  })

  it('gives every tenant a menu in the spec’s order', () => {
    for (const tenant of Object.values(tenants)) {
      expect(tenant.menu).toEqual(specOrder.filter((item) => tenant.menu.includes(item)))
    }
  })
})
