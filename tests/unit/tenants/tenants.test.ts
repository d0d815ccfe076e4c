import { describe, expect, it } from 'vitest'
import { contrastRatio } from '../../../src/domain/contrast'
import { getTenant, tenantIds, tenants } from '../../../tenants'
import { contactProblem } from '../../../tenants/defineTenant'

const ids = (predicate: (id: (typeof tenantIds)[number]) => boolean) => tenantIds.filter(predicate).sort()

describe('tenant flags (spec section 6)', () => {
  it('has the 16 tenants of spec section 1, each registered under its own id', () => {
    expect(tenantIds).toHaveLength(16)
    for (const id of tenantIds) expect(tenants[id].id).toBe(id)
  })

  it('enables booking everywhere but default, helpbus and black', () => {
    expect(ids((id) => !tenants[id].features.booking)).toEqual(['black', 'default', 'helpbus'])
  })

  it('shows the transportation permissions menu for kulkukeskus, demo and luvn', () => {
    expect(ids((id) => tenants[id].menu.includes('transportationPermissions'))).toEqual([
      'demo',
      'kulkukeskus',
      'luvn',
    ])
  })

  it('offers travel-card registration for kovanen, fixutaxi, meneva, lahitaksi and lapha', () => {
    expect(ids((id) => tenants[id].menu.includes('register-travel-card'))).toEqual(
      ['fixutaxi', 'kovanen', 'lahitaksi', 'lapha', 'meneva'].sort(),
    )
  })

  it('shows the register button for four branded themes, which all register travel cards', () => {
    const register = ids((id) => tenants[id].features.registerButton)
    expect(register).toHaveLength(4)
    for (const id of register) expect(tenants[id].features.travelCardRegistration).toBe(true)
  })

  it('has the hero image on default and one branded theme, and hides the info list for one theme', () => {
    expect(ids((id) => tenants[id].features.heroImage)).toHaveLength(2)
    expect(tenants.default.features.heroImage).toBe(true)
    expect(ids((id) => !tenants[id].features.infoList)).toHaveLength(1)
  })

  it('uses the phone rule on two themes, requires a phone on three, and a 4-star scale on two', () => {
    expect(ids((id) => tenants[id].phone.internationalFormat)).toHaveLength(2)
    expect(ids((id) => tenants[id].phone.requiredAtBooking)).toHaveLength(3)
    expect(ids((id) => tenants[id].starScale === 4)).toHaveLength(2)
  })

  it('names a tracked passenger by initials on kulkukeskus and by first name elsewhere', () => {
    expect(ids((id) => tenants[id].trackingName === 'initials')).toEqual(['kulkukeskus'])
    expect(ids((id) => tenants[id].trackingName === 'firstName')).toHaveLength(15)
  })

  it('puts booking or passengers first in the bottom navigation', () => {
    expect(tenants.espoo.bottomNav).toEqual(['booking', 'trips', 'canceltrips', 'messages'])
    expect(tenants.helpbus.bottomNav).toEqual(['passengers', 'trips', 'canceltrips', 'messages'])
    expect(tenants.helpbus.menu).not.toContain('booking')
  })

  it('throws on an unknown theme id', () => {
    expect(() => getTenant('nope')).toThrow(/Unknown theme id/)
    expect(getTenant('espoo').name).toBeTruthy()
  })
})

describe('tenant themes', () => {
  it('gives every tenant its own primary colour and class', () => {
    const primaries = new Set(tenantIds.map((id) => tenants[id].theme.colors.primary))
    expect(primaries.size).toBe(16)
    expect(new Set(tenantIds.map((id) => tenants[id].theme.cssClassName)).size).toBe(16)
  })

  it.each(tenantIds)('%s meets WCAG AA contrast for every text pair', (id) => {
    const c = tenants[id].theme.colors
    const pairs: [string, string, string][] = [
      ['onPrimary on primary', c.onPrimary, c.primary],
      ['text on background', c.text, c.background],
      ['text on surface', c.text, c.surface],
      ['muted on background', c.muted, c.background],
      ['muted on surface', c.muted, c.surface],
      ['link on surface', c.link, c.surface],
      ['link on background', c.link, c.background],
      ['onAccent on accent', c.onAccent, c.accent],
    ]
    for (const [name, fg, bg] of pairs)
      expect(contrastRatio(fg, bg), `${id}: ${name}`).toBeGreaterThanOrEqual(4.5)
  })

  it('gives the demo an operator contact, and none where the operator has given none', () => {
    expect(tenants.demo.contact).toEqual({
      phone: '+358 50 123 4567',
      email: 'asiakaspalvelu@demo.matkaportaali.fi',
    })
    expect(tenants.helpbus.contact).toBeNull()
  })

  it('gives every tenant a contact a phone can dial and mail can reach, and tells one that cannot', () => {
    for (const tenant of Object.values(tenants))
      if (tenant.contact) expect(contactProblem(tenant.contact), tenant.id).toBeNull()
    expect(contactProblem({ phone: '+358 9 123 456', email: 'a@b.fi' })).toBeNull()
    expect(contactProblem({ phone: '09 123 456', email: 'a@b.fi' })).toBe('phone')
    expect(contactProblem({ phone: '+358 9 123 456', email: 'palvelu' })).toBe('email')
  })
})
