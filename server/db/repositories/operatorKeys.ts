import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'

export type OperatorKeyRow = Omit<Selectable<ScopedDatabase['operator_api_keys']>, 'key_hash'>

/** Operator API keys of one tenant, found by the hash of the key (the key itself is never stored). */
export function operatorKeysRepository(db: ScopedDb) {
  const keys = () => db.selectFrom('operator_api_keys').select(['id', 'name', 'created_at', 'revoked_at'])

  return {
    findActiveByHash: (keyHash: string): Promise<OperatorKeyRow | undefined> =>
      keys().where('key_hash', '=', keyHash).where('revoked_at', 'is', null).executeTakeFirst(),

    list: (): Promise<OperatorKeyRow[]> => keys().orderBy('created_at').execute(),

    /** Adds a key unless this tenant already has it; returns its id when it was added. */
    async add(name: string, keyHash: string): Promise<string | undefined> {
      const row = await db
        .insertInto('operator_api_keys')
        .values({ id: randomUUID(), name, key_hash: keyHash })
        .onConflict((conflict) => conflict.column('key_hash').doNothing())
        .returning('id')
        .executeTakeFirst()
      return row?.id
    },

    async revoke(id: string, now: Temporal.Instant): Promise<boolean> {
      const result = await db
        .updateTable('operator_api_keys')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },
  }
}
