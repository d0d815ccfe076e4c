import type { Temporal } from 'temporal-polyfill'
import type { TenantId } from '../../../tenants'
import type { Db } from '../schema'

export function sessionsRepository(db: Db, tenant: TenantId) {
  return {
    async create(idHash: string, userId: string, expiresAt: Temporal.Instant): Promise<void> {
      await db
        .insertInto('sessions')
        .values({ tenant_id: tenant, id_hash: idHash, user_id: userId, expires_at: expiresAt })
        .execute()
    },

    /** The user of a live session, or undefined when the session is unknown or has expired. */
    async findUserId(idHash: string, now: Temporal.Instant): Promise<string | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select('user_id')
        .where('tenant_id', '=', tenant)
        .where('id_hash', '=', idHash)
        .where('expires_at', '>', now)
        .executeTakeFirst()
      return row?.user_id
    },

    async delete(idHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('tenant_id', '=', tenant).where('id_hash', '=', idHash).execute()
    },

    async deleteExpired(now: Temporal.Instant): Promise<void> {
      await db.deleteFrom('sessions').where('tenant_id', '=', tenant).where('expires_at', '<=', now).execute()
    },
  }
}
