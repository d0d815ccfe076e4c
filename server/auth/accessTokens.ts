import { errors, jwtVerify, SignJWT } from 'jose'
import type { TenantId } from '../../tenants'
import type { SigningKey } from '../db/repositories/signingKeys'
import type { Db } from '../db/schema'
import { tenantDb } from '../db/tenantDb'

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
export async function verifyTenantJwt(
  key: SigningKey,
  token: string,
  audience: string,
): Promise<Record<string, unknown> | null> {
  try {
    const { payload } = await jwtVerify(token, key.secret, { algorithms: ['HS256'], audience })
    return payload
  } catch (error) {
    if (error instanceof errors.JOSEError) return null
    throw error
  }
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

/** The claims of a valid access token of this tenant, or null; a token naming no session is not valid. */
export async function verifyAccessToken(
  key: SigningKey,
  tenant: TenantId,
  token: string,
): Promise<AccessClaims | null> {
  const payload = await verifyTenantJwt(key, token, apiAudience)
  if (!payload || payload.tenant !== tenant) return null
  if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null
  return { userId: payload.sub, sessionId: payload.sid }
}
