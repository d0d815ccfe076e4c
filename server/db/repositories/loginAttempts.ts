import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { TenantId } from '../../../tenants'
import type { Db } from '../schema'

/** Failed password logins, kept in the database so every instance counts the same attempts. */
export function loginAttemptsRepository(db: Db, tenant: TenantId) {
  const recentFailures = (since: Temporal.Instant) =>
    db
      .selectFrom('login_attempts')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('tenant_id', '=', tenant)
      .where('attempted_at', '>=', since)

  return {
    async recordFailure(userName: string, ip: string): Promise<void> {
      await db
        .insertInto('login_attempts')
        .values({ tenant_id: tenant, id: randomUUID(), user_name: userName.toLowerCase(), ip })
        .execute()
    },

    async countFailures(
      userName: string,
      ip: string,
      since: Temporal.Instant,
    ): Promise<{ byUserName: number; byIp: number }> {
      const [byUserName, byIp] = await Promise.all([
        recentFailures(since).where('user_name', '=', userName.toLowerCase()).executeTakeFirstOrThrow(),
        recentFailures(since).where('ip', '=', ip).executeTakeFirstOrThrow(),
      ])
      return { byUserName: byUserName.count, byIp: byIp.count }
    },

    /** A successful login forgives the username's earlier failures. */
    async clearUserName(userName: string): Promise<void> {
      await db
        .deleteFrom('login_attempts')
        .where('tenant_id', '=', tenant)
        .where('user_name', '=', userName.toLowerCase())
        .execute()
    },

    async pruneBefore(before: Temporal.Instant): Promise<void> {
      await db
        .deleteFrom('login_attempts')
        .where('tenant_id', '=', tenant)
        .where('attempted_at', '<', before)
        .execute()
    },
  }
}
