import { describe, expect, it } from 'vitest'
import { isServerPage, isSignInPage, isTenantAsset, isTripsPage } from '../../../sw/routes'

describe('service worker routes', () => {
  it.each([
    '/api/passenger',
    '/api/docs',
    '/login?locale=fi',
    '/logout?locale=sv',
    '/idp/auth',
    '/acceptinvite?code=X&locale=fi',
    '/logoutandacceptinvite?code=X',
    '/espoo/login?locale=fi',
    '/espoo/email/unsubscribe?token=u.eta.s',
    '/email/verify?token=v&locale=sv',
    '/demo-mailbox?lang=fi',
    '/espoo/demo-mailbox',
    '/demo/api/auth/access_token',
    '/helpbus/logout',
  ])('leaves the server page %s to the network', (path) => {
    expect(isServerPage(path)).toBe(true)
  })

  it.each([
    '/',
    '/trips',
    '/trips/t1/2026-11-23',
    '/passengers?redirect=/api',
    '/espoo/',
    '/espoo/passengers',
    '/logged-out?lang=fi',
    '/loginhelp',
    '/apiary',
    '/emails',
    '/demo-mailboxes',
    '/nosuch/login',
    '/invitation/ABC',
  ])('serves the app shell for %s', (path) => {
    expect(isServerPage(path)).toBe(false)
  })

  it('revalidates the tenant manifest and icons', () => {
    expect(isTenantAsset('/manifest.webmanifest')).toBe(true)
    expect(isTenantAsset('/espoo/manifest.webmanifest')).toBe(true)
    expect(isTenantAsset('/tenant-icon/espoo.svg')).toBe(true)
    expect(isTenantAsset('/assets/index-abc.js')).toBe(false)
    expect(isTenantAsset('/manifest.webmanifest.bak')).toBe(false)
  })
})

describe('the start snapshot’s pages', () => {
  it.each([
    '/login?locale=fi',
    '/espoo/logout',
    '/idp/auth',
    '/acceptinvite?code=X',
    '/logoutandacceptinvite',
  ])('throws the snapshot away on the sign-in page %s', (path) => {
    expect(isSignInPage(path)).toBe(true)
  })

  it.each(['/', '/trips', '/email/verify?token=v', '/loginx', '/espoo/passengers'])(
    'keeps it on %s',
    (path) => {
      expect(isSignInPage(path)).toBe(false)
    },
  )

  it('paints it on the trips screen only, with or without a tenant prefix', () => {
    expect(['/trips', '/trips/', '/espoo/trips'].map(isTripsPage)).toEqual([true, true, true])
    expect(['/', '/trips/t1/2026-12-07', '/espoo/tripsx', '/nowhere/trips'].map(isTripsPage)).toEqual([
      false,
      false,
      false,
      false,
    ])
  })
})
