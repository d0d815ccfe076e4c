import { createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto'
import type { ScopedDb } from '../tenantScope'

export interface SigningKey {
  kid: string
  secret: Uint8Array
  /** The same secret as a node:crypto key, made once, for verifying (server/auth/hs256.ts). */
  hmacKey: KeyObject
}

/**
 * The tenant's HS256 key for access tokens. The first instance that needs one stores it; a racing instance's
 * insert does nothing and every instance then reads the same stored key.
 */
export function signingKeysRepository(db: ScopedDb) {
  return {
    async getOrCreate(): Promise<SigningKey> {
      const select = () => db.selectFrom('signing_keys').select(['kid', 'secret']).executeTakeFirst()
      let row = await select()
      if (!row) {
        await db
          .insertInto('signing_keys')
          .values({ kid: randomUUID(), secret: randomBytes(32).toString('base64url') })
          // The tenant is the key, one signing key per tenant: the scope makes the target (tenant_id).
          .onConflict((conflict) => conflict.columns([]).doNothing())
          .execute()
        row = await select()
      }
      if (!row) throw new Error('No signing key for the tenant')
      const secret = new Uint8Array(Buffer.from(row.secret, 'base64url'))
      return { kid: row.kid, secret, hmacKey: createSecretKey(secret) }
    },
  }
}
