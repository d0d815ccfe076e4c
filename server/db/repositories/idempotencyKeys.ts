import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { Db } from '../schema'
import type { ScopedDatabase, ScopedDb } from '../tenantScope'

type KeyRow = Selectable<ScopedDatabase['idempotency_keys']>

/** The stored first answer of a key. */
export interface StoredAnswer {
  statusCode: number
  contentType: string | null
  body: string
}

export type Claim =
  /** This request runs; `lease` identifies the run when it completes or releases the key. */
  | { kind: 'claimed'; lease: string }
  | { kind: 'replay'; answer: StoredAnswer }
  /** The key was used with another method, path or body. */
  | { kind: 'reused' }
  /** Another run holds the key; it can be taken over from `staleAt` (if that run died without an answer). */
  | { kind: 'in_flight'; staleAt: Temporal.Instant }

export interface KeyRef {
  principal: string
  key: string
}

/**
 * Idempotency keys per tenant and principal. A key is claimed by one insert (on conflict do nothing), so two
 * requests, on one instance or two, cannot both run it. A claim whose run died (the process crashed) is taken
 * over once it is older than `staleAfter`.
 */
export function idempotencyKeysRepository(db: ScopedDb) {
  const byRef = (ref: KeyRef) =>
    db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('principal', '=', ref.principal)
      .where('key', '=', ref.key)

  async function insertClaim(ref: KeyRef, requestHash: string, now: Temporal.Instant, lease: string) {
    const row = await db
      .insertInto('idempotency_keys')
      .values({
        principal: ref.principal,
        key: ref.key,
        request_hash: requestHash,
        state: 'in_flight',
        lease,
        claimed_at: now,
      })
      .onConflict((conflict) => conflict.columns(['principal', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst()
    return row !== undefined
  }

  async function takeOverStale(
    ref: KeyRef,
    now: Temporal.Instant,
    staleBefore: Temporal.Instant,
    lease: string,
  ) {
    const row = await db
      .updateTable('idempotency_keys')
      .set({ lease, claimed_at: now })
      .where('principal', '=', ref.principal)
      .where('key', '=', ref.key)
      .where('state', '=', 'in_flight')
      .where('claimed_at', '<', staleBefore)
      .returning('key')
      .executeTakeFirst()
    return row !== undefined
  }

  function existingClaim(row: KeyRow, requestHash: string): Claim | null {
    if (row.request_hash !== requestHash) return { kind: 'reused' }
    if (row.state === 'done' && row.status_code !== null && row.body !== null) {
      return {
        kind: 'replay',
        answer: { statusCode: row.status_code, contentType: row.content_type, body: row.body },
      }
    }
    return null
  }

  return {
    async claim(
      ref: KeyRef,
      requestHash: string,
      now: Temporal.Instant,
      staleAfter: Temporal.Duration,
    ): Promise<Claim> {
      const lease = randomUUID()
      // A second round covers a key released (deleted) between our insert and our read.
      for (let round = 0; round < 2; round++) {
        if (await insertClaim(ref, requestHash, now, lease)) return { kind: 'claimed', lease }
        const row = await byRef(ref).executeTakeFirst()
        if (!row) continue
        const settled = existingClaim(row, requestHash)
        if (settled) return settled
        const taken = await takeOverStale(ref, now, now.subtract(staleAfter), lease)
        return taken
          ? { kind: 'claimed', lease }
          : { kind: 'in_flight', staleAt: row.claimed_at.add(staleAfter) }
      }
      // Released twice while we looked: whoever holds it now is about to answer.
      return { kind: 'in_flight', staleAt: now }
    },

    /** Stores the answer of the run holding `lease`; false when it holds it no more (another run took over). */
    async complete(ref: KeyRef, lease: string, answer: StoredAnswer): Promise<boolean> {
      const result = await db
        .updateTable('idempotency_keys')
        .set({
          state: 'done',
          lease: null,
          status_code: answer.statusCode,
          content_type: answer.contentType,
          body: answer.body,
        })
        .where('principal', '=', ref.principal)
        .where('key', '=', ref.key)
        .where('lease', '=', lease)
        .executeTakeFirst()
      return result.numUpdatedRows === 1n
    },

    /** Forgets the key of a run that failed (5xx), so that a retry runs again. */
    async release(ref: KeyRef, lease: string): Promise<void> {
      await db
        .deleteFrom('idempotency_keys')
        .where('principal', '=', ref.principal)
        .where('key', '=', ref.key)
        .where('lease', '=', lease)
        .where('state', '=', 'in_flight')
        .execute()
    },
  }
}

/**
 * Deletes keys created before `before`, in every tenant (an indexed range delete); returns how many. The one
 * deliberate query across tenants, on the unscoped database: maintenance, never a request's.
 */
export async function purgeIdempotencyKeys(db: Db, before: Temporal.Instant): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}
