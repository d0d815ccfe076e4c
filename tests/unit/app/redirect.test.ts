import { describe, expect, it } from 'vitest'
import { landingPath, safeRedirect } from '../../../src/app/browser/redirect'
import { getTenant } from '../../../tenants'

describe('safeRedirect', () => {
  it.each(['/trips', '/trips/t1/2026-11-23?x=1', '/'])('accepts the path %s', (path) => {
    expect(safeRedirect(path)).toBe(path)
  })

  it.each([
    'https://evil.example/',
    '//evil.example/trips',
    '/\\evil.example',
    'trips',
    'javascript:alert(1)',
    '/trips\n',
    '',
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(safeRedirect(value)).toBeNull()
  })
})

describe('landingPath', () => {
  it('uses the saved redirect', () => {
    expect(landingPath('/trips', getTenant('helpbus'))).toBe('/trips')
  })

  it('lands on booking when the tenant books, else on passengers', () => {
    expect(landingPath(null, getTenant('demo'))).toBe('/booking')
    expect(landingPath(null, getTenant('helpbus'))).toBe('/passengers')
    expect(landingPath('//evil.example', getTenant('espoo'))).toBe('/booking')
  })
})
