import { isTenantId } from '../../tenants'

/**
 * Privacy rules for client error reports: what leaves the device may say where and what failed, never who.
 * Pure, so the portal applies them before sending and the server again before logging or forwarding.
 */

/** The portal's own path words (src/routes); every other segment is an id, code or date and is replaced. */
const routeWords = new Set([
  'trips',
  'passengers',
  'booking',
  'messages',
  'canceltrips',
  'personal-info',
  'password',
  'privacy',
  'privacy-keusote',
  'logout',
  'logged-out',
  'register-travel-card',
  'track',
  'accessibility-report',
  'accessibility-report-keusote',
  'transportationPermissions',
  'invitation',
])

/** A page's path with no query or fragment, and `:param` for every segment that is not a route word or tenant. */
export function scrubPagePath(pathOrUrl: string): string {
  const path = pathOrUrl.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/)[0] ?? ''
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (routeWords.has(segment) || isTenantId(segment) ? segment : ':param'))
  return `/${segments.join('/')}`
}

const patterns: readonly [RegExp, string][] = [
  // Query strings and fragments of any URL in the text (tokens, codes, search terms).
  [/(\b[a-z][a-z\d+.-]*:\/\/[^\s?#"'()]*)[?#][^\s"'()]*/gi, '$1'],
  [/\bBearer\s+[\w.~+/=-]+/gi, 'Bearer [token]'],
  // JSON Web Tokens: three base64url parts, the first starting with `eyJ` (`{"`).
  [/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g, '[token]'],
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]'],
  [/\b[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}\b/gi, '[id]'],
  // Phone numbers, personal identity codes, long ids: runs of 6 or more digits (spaces and dashes allowed),
  // except a stack frame's `:line:column`.
  [/(?<![:\w.])\+?\d[\d -]{4,}\d/g, '[number]'],
]

/** Removes what could identify a person or grant access from free text (messages, stacks), and bounds its length. */
export function scrubText(text: string, maxLength: number): string {
  const scrubbed = patterns.reduce(
    (result, [pattern, replacement]) => result.replace(pattern, replacement),
    text,
  )
  return scrubbed.length > maxLength ? scrubbed.slice(0, maxLength) : scrubbed
}
