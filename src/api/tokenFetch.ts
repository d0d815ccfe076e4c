import type { TokenResult } from '../../machines/auth/auth.machine'

/**
 * `GET /api/auth/access_token`, kept free of ky and zod: it runs on every start, before anything else loads.
 * Whatever is not a clear answer from the API (network error, 5xx, an HTML page from a static host) counts
 * as unreachable, so a remembered user keeps their local data.
 */

export interface TokenFetchOptions {
  origin: string
  tenantId: string
  fetch?: typeof fetch
  /**
   * Whether the server answered at all (any response) or not (no connection): a start that finds no server
   * must say so like any call (src/app/browser/reachability.ts), or the portal would offer what needs the server.
   */
  onAnswer?: (answered: boolean) => void
  /** Whether the user was active since the last token (src/app/browser/userActivity.ts): the session slides. */
  active?: () => boolean
  /** The page's language, which the server keeps with the user for their mails. */
  locale?: string
}

function tenantHeaders(tenantId: string): Record<string, string> {
  return tenantId === 'default' ? {} : { 'X-Tenant': tenantId }
}

async function getJson(options: TokenFetchOptions, path: string, token?: string): Promise<unknown> {
  const doFetch = options.fetch ?? fetch
  const response = await doFetch(new URL(path, options.origin), {
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...tenantHeaders(options.tenantId),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  }).catch((error: unknown) => {
    options.onAnswer?.(false)
    throw error
  })
  options.onAnswer?.(true)
  if (response.status === 401) return { accessToken: null, expiresIn: null }
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  return (await response.json()) as unknown
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
}

/** The `sub` claim of a JWT, read without verifying it: the server verifies; this only names the local database. */
export function subjectOf(token: string): string | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))
    const text = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))
    const json: unknown = JSON.parse(text)
    const sub = field(json, 'sub')
    return typeof sub === 'string' && sub !== '' ? sub : null
  } catch {
    return null
  }
}

export async function fetchAccessToken(options: TokenFetchOptions): Promise<TokenResult> {
  try {
    const query = new URLSearchParams({
      ...(options.active?.() ? { active: '1' } : {}),
      ...(options.locale ? { locale: options.locale } : {}),
    }).toString()
    const body = await getJson(options, `/api/auth/access_token${query ? `?${query}` : ''}`)
    const accessToken = field(body, 'accessToken')
    const expiresIn = field(body, 'expiresIn')
    const sessionEndsIn = field(body, 'sessionEndsIn')
    if (accessToken === null) return { kind: 'none' }
    if (typeof accessToken !== 'string' || typeof expiresIn !== 'number' || expiresIn <= 0) {
      return { kind: 'unreachable' }
    }
    const userId = subjectOf(accessToken) ?? field(await getJson(options, '/api/account', accessToken), 'id')
    if (typeof userId !== 'string' || userId === '') return { kind: 'unreachable' }
    return {
      kind: 'token',
      token: accessToken,
      expiresIn,
      userId,
      // An older server does not say: the session's end is unknown, which costs the token nothing.
      sessionEndsIn: typeof sessionEndsIn === 'number' && sessionEndsIn >= 0 ? sessionEndsIn : null,
    }
  } catch {
    return { kind: 'unreachable' }
  }
}
