import { sql, type RawBuilder } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { Db } from './schema'

/**
 * What leaves the server goes through an outbox (docs/architecture.md, "The outbound calls"): a table keyed by
 * (tenant_id, id), each row due at `next_attempt_at` and counting its `attempts`. Senders on every instance claim
 * due rows across tenants on the unscoped database (tenantScope.ts lists them) with this one statement.
 */
export type OutboxTable = 'push_deliveries' | 'webhook_deliveries' | 'email_deliveries'

export interface LeaseClaim {
  table: OutboxTable
  /** What else makes a row due besides its time, on the table as `o` (webhooks: pending, endpoint on). */
  due: RawBuilder<boolean>
  /** The claimed rows' columns to answer, on the updated table as `d`: what `select` reads as `claimed`. */
  returning: RawBuilder<unknown>
  /** The statement's answer: a select from `claimed` and what sending a row needs besides. */
  select: RawBuilder<unknown>
  now: Temporal.Instant
  leaseUntil: Temporal.Instant
  limit: number
}

/**
 * Takes up to `limit` due rows that no other sender holds (`for update skip locked`), leases them until
 * `leaseUntil` and counts the try, in one short statement: a claimed row is not held locked while its receiver
 * answers, and one whose sender dies mid-send is taken again once the lease ends. Settlements are the caller's.
 */
export async function claimLeased<Row>(db: Db, claim: LeaseClaim): Promise<Row[]> {
  const table = sql.table(claim.table)
  const result = await sql<Row>`
    with due as (
      select o.tenant_id, o.id from ${table} o where o.next_attempt_at <= ${claim.now} and ${claim.due}
      order by o.next_attempt_at limit ${claim.limit} for update of o skip locked
    ), claimed as (
      update ${table} d set next_attempt_at = ${claim.leaseUntil}, attempts = d.attempts + 1
      from due where d.tenant_id = due.tenant_id and d.id = due.id
      returning ${claim.returning}
    )
    ${claim.select}`.execute(db)
  return result.rows
}
