import { sql, type ExpressionBuilder } from 'kysely'
import type { Temporal } from 'temporal-polyfill'
import { emailDefaultOn, type NotificationKind } from '../../../src/contract/codes'
import type { Locale } from '../../../src/domain/locale'
import { jsonb } from '../json'
import type { ScopedDatabase } from '../tenantScope'

/** A notification's mail as its producer queues it beside its push (`email_deliveries`, kind `notification`). */
export interface QueuedNotificationMail {
  /** Not sent after this (server/domain/emailNotifications.ts). */
  expiresAt: Temporal.Instant
  /** For a user who never said which language or portal root (`users.locale`, `users.portal_url` null). */
  locale: Locale
  portalUrl: string
}

/** The columns a notification's mail fills, in the order `mailColumns` selects them. */
export const mailDeliveryColumns = [
  'user_id',
  'to_address',
  'locale',
  'kind',
  'data',
  'portal_url',
  'expires_at',
] as const

/** An expression over a query that has `users` (and maybe more) in its FROM. */
type UsersEb = ExpressionBuilder<ScopedDatabase, 'users'>

/** A user whose address was confirmed and not refused by a relay: nothing else is ever mailed. */
export const confirmedAddress = (eb: UsersEb) =>
  eb.and([
    eb('users.email', 'is not', null),
    eb('users.email_verified_at', 'is not', null),
    eb('users.email_undeliverable_at', 'is', null),
  ])

/** The select list of one mail per selected user: `{ kind: 'notification', notification: data }`. */
export const mailColumns = (eb: UsersEb, data: unknown, mail: QueuedNotificationMail) =>
  [
    'users.id as user_id',
    'users.email as to_address',
    eb.fn.coalesce('users.locale', sql<Locale>`${mail.locale}::text`).as('locale'),
    sql<string>`'notification'::text`.as('kind'),
    jsonb({ kind: 'notification', notification: data }).as('data'),
    eb.fn.coalesce('users.portal_url', sql<string>`${mail.portalUrl}::text`).as('portal_url'),
    sql<Temporal.Instant>`${mail.expiresAt.toString()}::timestamptz`.as('expires_at'),
  ] as const

type GrantsEb = ExpressionBuilder<ScopedDatabase, 'passenger_grants'>

/**
 * The grant's user is to be told of `kind` about its passenger by e-mail: a confirmed address and the kind's
 * e-mail switch on (no `email_switches` row: the kind's default, `emailDefaultOn`).
 */
export function mailable(eb: GrantsEb, kind: NotificationKind) {
  const switchRow = (enabled: boolean) =>
    eb
      .selectFrom('email_switches')
      .whereRef('email_switches.user_id', '=', 'passenger_grants.user_id')
      .whereRef('email_switches.passenger_id', '=', 'passenger_grants.passenger_id')
      .where('email_switches.kind', '=', kind)
      .where('email_switches.enabled', '=', enabled)
      .select('email_switches.user_id')
  return eb.and([
    eb.exists(
      eb
        .selectFrom('users')
        .whereRef('users.id', '=', 'passenger_grants.user_id')
        .where(confirmedAddress)
        .select('users.id'),
    ),
    emailDefaultOn[kind] ? eb.not(eb.exists(switchRow(false))) : eb.exists(switchRow(true)),
  ])
}
