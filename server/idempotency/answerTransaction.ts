import type { OpenTransaction, TenantDb } from '../db/tenantDb'

type Repositories = Omit<TenantDb, 'tenant' | 'transaction' | 'startTransaction'>
type Methods = Record<string, (...args: unknown[]) => Promise<unknown>>

export interface AnswerTransaction {
  /** The request's data, in the transaction: it begins at the first query. */
  db: TenantDb
  /** Runs `last` in the transaction (begun now if nothing queried yet) and commits. */
  commit<T>(last: (db: TenantDb) => Promise<T>): Promise<T>
  rollback(): Promise<void>
}

/**
 * One transaction for everything a state-changing request writes and the answer stored for its Idempotency-Key,
 * so that a crash leaves either both or neither. It begins lazily, at the first query: a handler that waits
 * before touching the data holds no transaction (on PGlite, one connection, that would stop every request).
 */
export function answerTransaction(outside: TenantDb): AnswerTransaction {
  let begun: Promise<OpenTransaction> | null = null
  const begin = () => (begun ??= outside.startTransaction())

  const inTransaction = (name: keyof Repositories, repository: object) =>
    Object.fromEntries(
      Object.keys(repository).map((method) => [
        method,
        async (...args: unknown[]) => {
          const { db } = await begin()
          return (db[name] as unknown as Methods)[method]!(...args)
        },
      ]),
    )
  const repositories = Object.fromEntries(
    Object.entries(outside)
      .filter(([, repository]) => typeof repository === 'object')
      .map(([name, repository]) => [name, inTransaction(name as keyof Repositories, repository as object)]),
  ) as unknown as Repositories

  return {
    db: {
      ...repositories,
      tenant: outside.tenant,
      transaction: async (work) => (await begin()).db.transaction(work),
      startTransaction: () => Promise.reject(new Error('Already in the request’s transaction')),
    },
    async commit(last) {
      const open = await begin()
      const result = await last(open.db)
      await open.commit()
      return result
    },
    async rollback() {
      await (await begun?.catch(() => null))?.rollback()
    },
  }
}
