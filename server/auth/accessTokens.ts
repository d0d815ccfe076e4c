import { SignJWT } from 'jose'
import { Temporal } from 'temporal-polyfill'
import type { TenantId } from '../../tenants'
import type { SigningKey } from '../db/repositories/signingKeys'
import type { Db } from '../db/schema'
import { tenantDb } from '../db/tenantDb'
import { verifyHs256 } from './hs256'

const apiAudience = 'portal-api'

/** Per-tenant signing keys, read from the database once per process (they never change once stored). */
export function createKeyStore(db: Db): (tenant: TenantId) => Promise<SigningKey> {
  const cache = new Map<TenantId, Promise<SigningKey>>()
  return (tenant) => {
    let key = cache.get(tenant)
    if (!key) {
      key = tenantDb(db, tenant).signingKeys.getOrCreate()
      key.catch(() => cache.delete(tenant))
      cache.set(tenant, key)
    }
    return key
  }
}

export type KeyStore = ReturnType<typeof createKeyStore>

/** Signs a short-lived token; `purpose` keeps tokens of one use (API access, OIDC state) from passing as another. */
export async function signTenantJwt(
  key: SigningKey,
  claims: Record<string, unknown>,
  options: { subject?: string; audience: string; ttlSeconds: number },
): Promise<string> {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', kid: key.kid })
    .setAudience(options.audience)
    .setIssuedAt()
    .setExpirationTime(`${options.ttlSeconds}s`)
  if (options.subject) jwt.setSubject(options.subject)
  return jwt.sign(key.secret)
}

/** The payload of a valid token of this tenant and audience, or null (bad signature, expired, other tenant). */
export function verifyTenantJwt(
  key: SigningKey,
  token: string,
  audience: string,
): Record<string, unknown> | null {
  return verifyHs256(
    key.hmacKey,
    token,
    audience,
    Math.floor(Temporal.Now.instant().epochMilliseconds / 1000),
  )
}

/** What an access token says: whose it is and which session gave it out. */
export interface AccessClaims {
  userId: string
  sessionId: string
}

export function issueAccessToken(
  key: SigningKey,
  tenant: TenantId,
  claims: AccessClaims,
  ttlSeconds: number,
): Promise<string> {
  return signTenantJwt(
    key,
    { tenant, sid: claims.sessionId },
    { subject: claims.userId, audience: apiAudience, ttlSeconds },
  )
}

interface VerifiedToken {
  claims: AccessClaims
  /** The token's `exp`, in epoch seconds: checked again on every use. */
  expiresAt: number
}

/** Tokens already verified with a key: a client sends the same one on every call until it refreshes it. */
const verifiedWith = new WeakMap<SigningKey, Map<string, VerifiedToken>>()
const maxVerifiedPerKey = 50_000

/**
 * The claims of a valid access token of this tenant, or null; a token naming no session is not valid. A token
 * once verified with this key is remembered with its expiry, so that its signature is checked once, not on every
 * call (the session it names is still checked on every call, server/routes/authenticate.ts).
 */
export function verifyAccessToken(key: SigningKey, tenant: TenantId, token: string): AccessClaims | null {
  // The clock's epoch milliseconds, no Temporal object: this runs on every API call.
  const nowSeconds = Math.floor(Date.now() / 1000)
  let verified = verifiedWith.get(key)
  if (!verified) verifiedWith.set(key, (verified = new Map()))
  const known = verified.get(token)
  if (known) return known.expiresAt > nowSeconds ? known.claims : null
  const payload = verifyHs256(key.hmacKey, token, apiAudience, nowSeconds)
  if (!payload || payload.tenant !== tenant) return null
  if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null
  const claims = { userId: payload.sub, sessionId: payload.sid }
  if (verified.size >= maxVerifiedPerKey) verified.delete(verified.keys().next().value!)
  verified.set(token, { claims, expiresAt: payload.exp as number })
  return claims
}
