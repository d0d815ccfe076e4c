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
    ['sent Bearer abc.def-ghi', 'sent Bearer [token]'],
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

  // Secret-looking pairs keep their key and lose their value, whatever the notation.
  it.each([
    ['login failed for password=hunter2', 'login failed for password=[redacted]'],
    ['username=ella&password=hunter2&remember=1', 'username=ella&password=[redacted]&remember=1'],
    ['passwd: hunter2 rejected', 'passwd: [redacted] rejected'],
    ['PWD = hunter2', 'PWD = [redacted]'],
    ['Error: password: hunter2', 'Error: password: [redacted]'],
    ['{"userName":"ella","password":"hun ter\\"2"}', '{"userName":"ella","password":"[redacted]"}'],
    ['{ "currentPassword" : "x", "ok": true }', '{ "currentPassword" : "[redacted]", "ok": true }'],
    ["{password:'hunter2'}", "{password:'[redacted]'}"],
    ['body {\\"password\\":\\"hunter2\\"}', 'body {\\"password\\":\\"[redacted]\\"}'],
    ['client_secret=s3cr3t; next', 'client_secret=[redacted]; next'],
    ['refresh_token=abc123 access_token: def456', 'refresh_token=[redacted] access_token: [redacted]'],
    ['"accessToken":"opaque-value"', '"accessToken":"[redacted]"'],
    ['X-Api-Key: k3y-value', 'X-Api-Key: [redacted]'],
    ['api key: k3y-value', 'api key: [redacted]'],
    ['apiKey=k3y', 'apiKey=[redacted]'],
    [
      'Authorization: Basic dXNlcjpwYXNz\n    at f (app.js:1:2)',
      'Authorization: [redacted]\n    at f (app.js:1:2)',
    ],
    ['Authorization: Bearer abc.def-ghi', 'Authorization: [redacted]'],
    ['Cookie: portal_session_espoo=abc; theme=dark', 'Cookie: [redacted]'],
    ['__Host-portal_session_demo=abc123', '__Host-portal_session_demo=[redacted]'],
    ['sessionId: 42abc', 'sessionId: [redacted]'],
    ['credentials=user:pw', 'credentials=[redacted]'],
  ])('%s', (input, expected) => {
    expect(scrubText(input, 500)).toBe(expected)
  })

  // Code and ordinary words that merely mention a secret are left alone.
  it.each([
    "TypeError: Cannot read properties of undefined (reading 'token')",
    'at validatePassword (https://x.fi/assets/index-abc123.js:1:2345)',
    'passwordField.value is null',
    'if (token == null) return',
    'const f = (token) => token',
    'session expired',
  ])('%s', (input) => {
    expect(scrubText(input, 500)).toBe(input)
  })

  it('cuts text to the limit', () => {
    expect(scrubText('x'.repeat(20), 8)).toBe('xxxxxxxx')
  })
})
