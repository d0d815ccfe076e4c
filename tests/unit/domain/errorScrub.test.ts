import { describe, expect, it } from 'vitest'
import { scrubPagePath, scrubText } from '../../../src/domain/errorScrub'

describe('scrubPagePath', () => {
  it.each([
    ['/trips/9f1c2a/2026-11-21', '/trips/:param/:param'],
    ['/espoo/invitation/LISAA-1001?lang=fi#top', '/espoo/invitation/:param'],
    ['https://demo.example.fi/track/abcdefgh?x=1', '/track/:param'],
    ['/transportationPermissions/p1/q2', '/transportationPermissions/:param/:param'],
    ['/ella.jarvinen/secret', '/:param/:param'],
    ['/', '/'],
    ['', '/'],
  ])('%s -> %s', (input, expected) => {
    expect(scrubPagePath(input)).toBe(expected)
  })
})

describe('scrubText', () => {
  it.each([
    [
      'fetch https://espoo.example.fi/api/passenger?token=abc&name=Ella failed',
      'fetch https://espoo.example.fi/api/passenger failed',
    ],
    ['Authorization: Bearer abc.def-ghi', 'Authorization: Bearer [token]'],
    ['token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_-x here', 'token [token] here'],
    ['no user ella.jarvinen+x@example.fi', 'no user [email]'],
    ['passenger 3f2504e0-4f89-11d3-9a0c-0305e82c3301 missing', 'passenger [id] missing'],
    ['call +358 40 123 4567 or 010190-123A', 'call [number] or [number]A'],
    [
      'at f (https://x.fi/assets/index-abc123.js:1:123456)',
      'at f (https://x.fi/assets/index-abc123.js:1:123456)',
    ],
  ])('%s', (input, expected) => {
    expect(scrubText(input, 500)).toBe(expected)
  })

  it('cuts text to the limit', () => {
    expect(scrubText('x'.repeat(20), 8)).toBe('xxxxxxxx')
  })
})
