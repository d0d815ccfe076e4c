import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto'

/**
 * Verifies a compact HS256 JWT with node:crypto, synchronously: the hot path's check of every bearer token.
 * (jose's jwtVerify imports the key into WebCrypto and verifies in a thread-pool job on every call, which cost
 * more than the rest of a cached read.) The same checks as jose's, a little stricter: the signature in constant
 * time, `alg` exactly HS256 and no `crit`, `exp` required and in the future, `nbf` (if any) not in the future,
 * and the audience. Returns the payload, or null.
 */
export function verifyHs256(
  key: KeyObject,
  token: string,
  audience: string,
  nowSeconds: number,
): Record<string, unknown> | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const [header, payload, signature] = parts as [string, string, string]
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest()
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null

  const protectedHeader = decodeObject(header)
  if (protectedHeader?.alg !== 'HS256' || 'crit' in protectedHeader) return null
  const claims = decodeObject(payload)
  if (!claims) return null
  const { exp, nbf, aud } = claims
  if (typeof exp !== 'number' || exp <= nowSeconds) return null
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return null
  if (Array.isArray(aud) ? !aud.includes(audience) : aud !== audience) return null
  return claims
}

function decodeObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}
