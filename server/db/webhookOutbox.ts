import { sql } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { TenantId } from '../../tenants'
import { claimLeased } from './leaseClaim'
import type { Db } from './schema'

/**
 * The sender's side of the webhook outbox (`webhook_deliveries`, migration 0026), across tenants on the unscoped
 * database as push's (pushOutbox.ts): every instance sends whatever is due in any tenant. A row stays after it is
 * settled, as the delivery log; the scoped side (config, log, replay) is repositories/webhooks.ts.
 */

/** A claimed delivery with what sending it needs: its change and the tenant's endpoint and secrets. */
export interface ClaimedWebhook {
  tenant_id: TenantId
  id: string
  /** Tries including this one (since the last replay). */
  attempts: number
  /** The change's `operator_changes.id`. */
  change_row_id: string
  /** The change's id to the operator: the `webhook-id`. */
  change_id: string
  type: string
  occurred_at: Temporal.Instant
  data: unknown
  /** When the change was told: the retry window counts from it. */
  told_at: Temporal.Instant
  url: string
  secret: string
  previous_secret: string | null
  previous_secret_until: Temporal.Instant | null
}

/** Claims and leases up to `limit` due deliveries of enabled webhooks (leaseClaim.ts). */
export async function claimDueWebhooks(
  db: Db,
  now: Temporal.Instant,
  leaseUntil: Temporal.Instant,
  limit: number,
): Promise<ClaimedWebhook[]> {
  return claimLeased<ClaimedWebhook>(db, {
    table: 'webhook_deliveries',
    // A webhook switched off keeps its deliveries pending, unsent, until it is on again.
    due: sql<boolean>`o.state = 'pending' and exists (
      select 1 from webhook_endpoints e where e.tenant_id = o.tenant_id and e.enabled)`,
    returning: sql`d.tenant_id, d.id::text as id, d.attempts, d.change_id`,
    select: sql`
      select c.tenant_id, c.id, c.attempts, c.change_id::text as change_row_id, o.change_id::text as change_id,
        o.type, o.occurred_at, o.data, o.created_at as told_at,
        e.url, e.secret, e.previous_secret, e.previous_secret_until
      from claimed c
      join operator_changes o on o.tenant_id = c.tenant_id and o.id = c.change_id
      join webhook_endpoints e on e.tenant_id = c.tenant_id`,
    now,
    leaseUntil,
    limit,
  })
}

type Key = Pick<ClaimedWebhook, 'tenant_id' | 'id'>

/** What one attempt got: the receiver's status (null: none) and what went wrong. */
export interface Attempt {
  at: Temporal.Instant
  status: number | null
  error: string | null
}

const pending = (db: Db, key: Key) =>
  db
    .updateTable('webhook_deliveries')
    .where('tenant_id', '=', key.tenant_id)
    .where('id', '=', key.id)
    .where('state', '=', 'pending')

/**
 * Delivered: whichever sender's attempt it was (one whose lease ran out too). False when it was no longer
 * pending (another sender's attempt delivered it first, or the webhook went), so that it is told once.
 */
export async function markWebhookDelivered(db: Db, key: Key, attempt: Attempt): Promise<boolean> {
  const result = await pending(db, key)
    .set({
      state: 'delivered',
      delivered_at: attempt.at,
      last_attempt_at: attempt.at,
      last_status: attempt.status,
      last_error: null,
    })
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/**
 * Not delivered: tried again at `retryAt`, or failed for good when it is null. Only by the sender holding the
 * row's latest lease (its `attempts`): a sender whose lease ran out must not move another's attempt.
 */
export async function markWebhookFailure(
  db: Db,
  row: Key & Pick<ClaimedWebhook, 'attempts'>,
  attempt: Attempt,
  retryAt: Temporal.Instant | null,
): Promise<void> {
  await pending(db, row)
    .where('attempts', '=', row.attempts)
    .set({
      ...(retryAt ? { next_attempt_at: retryAt } : { state: 'failed' as const }),
      last_attempt_at: attempt.at,
      last_status: attempt.status,
      last_error: attempt.error,
    })
    .execute()
}

/** The queue across tenants, for /metrics: pending deliveries and the age of the oldest, in seconds. */
export async function pendingWebhooks(db: Db): Promise<{ count: number; oldestSeconds: number }> {
  const result = await sql<{ count: number; oldest_seconds: number | null }>`
    select count(*)::int as count, extract(epoch from now() - min(created_at))::float8 as oldest_seconds
    from webhook_deliveries where state = 'pending'`.execute(db)
  const row = result.rows[0]
  return { count: row?.count ?? 0, oldestSeconds: Math.max(0, row?.oldest_seconds ?? 0) }
}
