import { describe, expect, it } from 'vitest'
import {
  canRegisterCard,
  invitationRefusalOf,
  signInToAcceptUrl,
  travelCardRefusalOf,
} from '../../../src/domain/invitations'

describe('invitation refusals (spec section 8)', () => {
  it.each([
    [404, 'not_found'],
    [400, 'not_found'],
    [429, 'busy'],
    [0, 'failed'],
    [401, 'failed'],
    [500, 'failed'],
    [503, 'failed'],
  ] as const)('status %i is %s', (status, refusal) => {
    expect(invitationRefusalOf(status)).toBe(refusal)
  })

  it('tells a refusal that takes strong authentication from any other 403', () => {
    expect(invitationRefusalOf(403, 'identity_verification_required')).toBe('identity_required')
    expect(invitationRefusalOf(403, 'forbidden')).toBe('failed')
    expect(invitationRefusalOf(403)).toBe('failed')
  })
})

describe('travel card refusals (spec section 8: 404 has its own text, any other error is a failure)', () => {
  it.each([
    [404, 'not_found'],
    [400, 'failed'],
    [429, 'failed'],
    [0, 'failed'],
    [401, 'failed'],
    [500, 'failed'],
  ] as const)('status %i is %s', (status, refusal) => {
    expect(travelCardRefusalOf(status)).toBe(refusal)
  })
})

describe('the sign-in pages that accept an invitation (spec section 2)', () => {
  it('names the code and the locale, under the tenant’s prefix', () => {
    const where = { pathPrefix: '/espoo', code: 'demo-invitation-espoo-01', locale: 'sv' } as const
    expect(signInToAcceptUrl('acceptinvite', where)).toBe(
      '/espoo/acceptinvite?code=demo-invitation-espoo-01&locale=sv',
    )
    expect(signInToAcceptUrl('logoutandacceptinvite', { ...where, pathPrefix: '' })).toBe(
      '/logoutandacceptinvite?code=demo-invitation-espoo-01&locale=sv',
    )
  })
})

describe('travel card Send (spec section 5)', () => {
  it.each([
    ['', '', false],
    ['Ville Kortesalmi', '', false],
    ['', '7300 1000 0001', false],
    ['  ', '7300 1000 0001', false],
    ['Ville Kortesalmi', ' \t', false],
    ['Ville Kortesalmi', '7300 1000 0001', true],
    ['V', '7', true],
  ])('name %j and number %j: %s', (name, cardNumber, enabled) => {
    expect(canRegisterCard({ name, cardNumber })).toBe(enabled)
  })
})
