import { sql } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import type { TenantId } from '../../tenants'
import { jsonb } from './json'
import { claimLeased } from './leaseClaim'
import type { Db, EmailDeliveriesTable } from './schema'

/**
 * The sender's side of the mail outbox (`email_deliveries`, migration 0028), across tenants on the unscoped
 * database as push's and the webhooks' (pushOutbox.ts, webhookOutbox.ts): every instance sends whatever is due in
 * any tenant, each row once. Rows stay after they are settled, as the log, until retention deletes them; the
 * producers' side is repositories/emailOutbox.ts.
 */

/**
 * Whether the row's address may still be sent to: `ok`; `changed` (the user's e-mail is no longer it: a
 * confirmation or a notice for the old address would reach the wrong person); `undeliverable` (a relay refused it
 * for good); `unverified` (a notification to an address not yet confirmed by its link).
 */
export type AddressState = 'ok' | 'changed' | 'undeliverable' | 'unverified'

export interface ClaimedMail {
  tenant_id: TenantId
  id: string
  user_id: string | null
  to_address: string
  locale: EmailDeliveriesTable['locale']
  kind: string
  data: unknown
  portal_url: string
  created_at: Temporal.Instant
  expires_at: Temporal.Instant
  /** Tries including this one. */
  attempts: number
  address: AddressState
}

/** Claims and leases up to `limit` due mails, each with the state of its address now (leaseClaim.ts). */
export async function claimDueMails(
  db: Db,
  now: Temporal.Instant,
  leaseUntil: Temporal.Instant,
  limit: number,
): Promise<ClaimedMail[]> {
  return claimLeased<ClaimedMail>(db, {
    table: 'email_deliveries',
    due: sql<boolean>`o.state = 'pending'`,
    returning: sql`d.tenant_id, d.id::text as id, d.user_id, d.to_address, d.locale, d.kind, d.data,
      d.portal_url, d.created_at, d.expires_at, d.attempts`,
    // The notice of a change goes to the old address on purpose; a recovery mail names no user but its address.
    select: sql`
      select c.*, case
        when c.user_id is null or c.kind = 'emailChanged' then
          case when exists (select 1 from users a where a.tenant_id = c.tenant_id
            and lower(a.email) = lower(c.to_address) and a.email_undeliverable_at is not null)
          then 'undeliverable' else 'ok' end
        when u.email is null or lower(u.email) <> lower(c.to_address) then 'changed'
        when u.email_undeliverable_at is not null then 'undeliverable'
        when c.kind = 'notification' and u.email_verified_at is null then 'unverified'
        else 'ok' end as address
      from claimed c
      left join users u on u.tenant_id = c.tenant_id and u.id = c.user_id`,
    now,
    leaseUntil,
    limit,
  })
}

type Held = Pick<ClaimedMail, 'tenant_id' | 'id' | 'attempts'>

/** Only the sender holding the row's latest lease (its `attempts`) settles it: one whose lease ran out must not. */
const held = (db: Db, row: Held) =>
  db
    .updateTable('email_deliveries')
    .where('tenant_id', '=', row.tenant_id)
    .where('id', '=', row.id)
    .where('state', '=', 'pending')
    .where('attempts', '=', row.attempts)

/** Sent: kept as the log with its kind only, so no live link (a reset or confirmation token) stays in it. */
export async function markMailSent(
  db: Db,
  row: Held & Pick<ClaimedMail, 'kind'>,
  at: Temporal.Instant,
): Promise<void> {
  await held(db, row)
    .set({ state: 'sent', sent_at: at, data: jsonb({ kind: row.kind }), last_error: null })
    .execute()
}

/** Not sent: tried again at `retryAt`, or failed for good (its links cleared as a sent mail's) when null. */
export async function markMailFailure(
  db: Db,
  row: Held & Pick<ClaimedMail, 'kind'>,
  error: string,
  retryAt: Temporal.Instant | null,
): Promise<void> {
  await held(db, row)
    .set(
      retryAt
        ? { next_attempt_at: retryAt, last_error: error }
        : { state: 'failed', data: jsonb({ kind: row.kind }), last_error: error },
    )
    .execute()
}

/**
 * A relay refused the address for good: every user of the tenant with it is marked (the portal says so, and
 * nothing more is sent to it until it is changed).
 */
export async function markAddressUndeliverable(
  db: Db,
  tenant: TenantId,
  address: string,
  at: Temporal.Instant,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_undeliverable_at: at })
    .where('tenant_id', '=', tenant)
    .where(sql<boolean>`lower(email) = lower(${address})`)
    .where('email_undeliverable_at', 'is', null)
    .execute()
}
