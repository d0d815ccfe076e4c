import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { TenantId } from '../../../tenants'
import type { Db, OperatorApiKeysTable } from '../schema'

export type OperatorKeyRow = Omit<Selectable<OperatorApiKeysTable>, 'key_hash'>

/** Operator API keys of one tenant, found by the hash of the key (the key itself is never stored). */
export function operatorKeysRepository(db: Db, tenant: TenantId) {
  const keys = () =>
    db
      .selectFrom('operator_api_keys')
      .select(['tenant_id', 'id', 'name', 'created_at', 'revoked_at'])
      .where('tenant_id', '=', tenant)

  return {
    findActiveByHash: (keyHash: string): Promise<OperatorKeyRow | undefined> =>
      keys().where('key_hash', '=', keyHash).where('revoked_at', 'is', null).executeTakeFirst(),

    list: (): Promise<OperatorKeyRow[]> => keys().orderBy('created_at').execute(),

    /** Adds a key unless this tenant already has it; returns its id when it was added. */
    async add(name: string, keyHash: string): Promise<string | undefined> {
      const row = await db
        .insertInto('operator_api_keys')
        .values({ tenant_id: tenant, id: randomUUID(), name, key_hash: keyHash })
        .onConflict((conflict) => conflict.columns(['tenant_id', 'key_hash']).doNothing())
        .returning('id')
        .executeTakeFirst()
      return row?.id
    },

    async revoke(id: string, now: Temporal.Instant): Promise<boolean> {
      const result = await db
        .updateTable('operator_api_keys')
        .set({ revoked_at: now })
        .where('tenant_id', '=', tenant)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },
  }
}
