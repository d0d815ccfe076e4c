import { createHash, randomBytes } from 'node:crypto'
import type { TenantId } from '../../tenants'
import type { Db } from '../db/schema'
import { tenantDb } from '../db/tenantDb'

export interface OperatorKeyGrant {
  tenant: TenantId
  key: string
  name: string
}

/** Keys are long random strings, so a plain SHA-256 (no salt, no slow hash) is enough to keep them secret. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex')
}

/** A new key to give an operator once; only its hash is stored. */
export function generateApiKey(): string {
  return `op_${randomBytes(32).toString('base64url')}`
}

/** Stores the keys that are not stored yet (configured or demo keys at start); returns how many were added. */
export async function installOperatorKeys(db: Db, grants: readonly OperatorKeyGrant[]): Promise<number> {
  let added = 0
  for (const grant of grants) {
    if (await tenantDb(db, grant.tenant).operatorKeys.add(grant.name, hashApiKey(grant.key))) added++
  }
  return added
}
