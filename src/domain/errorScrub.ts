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

/** A key and its separator (`key=`, `key: `, `"key":`, also escaped JSON `\\"key\\":`); `=>` and `==` are code. */
const keyedValue = /(?<![\w.-])(\\?["']?)([a-z_][\w.-]*(?: key)?)\1\s*(?::|=(?![=>]))\s*/gi
/** Keys whose value is a secret: passwords, secrets, tokens, API keys, credentials, sessions and cookies. */
const secretKey = /passw(?:or)?d|pwd|secret|token|api[-_ ]?key|authori[sz]ation|cookie|session|credential/i
/** Keys whose value may hold spaces and separators (`Basic abc`, `a=b; c=d`): secret to the end of the line. */
const headerKey = /authori[sz]ation|cookie/i
const redacted = '[redacted]'

/** Where a value starting at `start` ends: before its closing quote, at the end of the line, or of a word. */
function valueEnd(text: string, start: number, quote: string, key: string): number {
  if (quote) {
    let end = start + quote.length
    for (; end < text.length && !text.startsWith(quote, end); end++) if (text[end] === '\\') end++
    return end
  }
  const stop = headerKey.test(key) ? /[\r\n"']/g : /[\s"'&;,)}\]]/g
  stop.lastIndex = start
  return stop.exec(text)?.index ?? text.length
}

/** `password=hunter2`, `"token":"abc"`, `Cookie: a=b`: the key stays, its value (inside any quotes) goes. */
function scrubSecretValues(text: string): string {
  let scrubbed = ''
  let copied = 0
  for (const match of text.matchAll(keyedValue)) {
    const key = match[2]!
    const start = match.index + match[0].length
    if (match.index < copied || !secretKey.test(key)) continue
    const quote = /^\\?["']/.exec(text.slice(start, start + 2))?.[0] ?? ''
    scrubbed += `${text.slice(copied, start)}${quote}${redacted}`
    copied = valueEnd(text, start, quote, key)
  }
  return scrubbed + text.slice(copied)
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
    scrubSecretValues(text),
  )
  return scrubbed.length > maxLength ? scrubbed.slice(0, maxLength) : scrubbed
}
