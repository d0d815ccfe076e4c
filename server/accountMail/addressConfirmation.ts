import { Temporal } from 'temporal-polyfill'
import { firstName } from '../../src/domain/tracking/passengerName'
import type { TenantDb } from '../db/tenantDb'
import type { UserRow } from '../db/repositories/users'
import { emailStatusOf } from '../views/accountViews'
import { forgetSpentLinks, hashLinkToken, newLinkToken } from './linkTokens'
import type { MailContext } from './mailContext'

/** How long a confirmation link works. */
export const confirmationLifetime = { hours: 24 } as const
/** The resend call's limits per user: one a minute, five a day (the first link counts). */
export const confirmationResends = { perMinute: 1, perDay: 5 } as const

/** A single-use link to `email` (purpose verify), queued in the caller's transaction. */
async function queueConfirmation(db: TenantDb, user: UserRow, email: string, context: MailContext) {
  await forgetSpentLinks(db, context.now)
  const { token, hash } = newLinkToken()
  const expiresAt = context.now.add(confirmationLifetime)
  await db.emailTokens.create({ hash, userId: user.id, purpose: 'verify', email, expiresAt })
  await db.emailOutbox.enqueue({
    userId: user.id,
    toAddress: email,
    locale: user.locale ?? context.locale,
    data: { kind: 'verifyEmail', firstName: firstName(user.name), token },
    portalUrl: context.portalUrl,
    expiresAt,
  })
}

/**
 * Sets the user's address, unconfirmed: its confirmation link goes to it and, when the old address was confirmed,
 * the old one is told of the change (never the new address). The same address again changes nothing. With mail
 * off (`mail` false) the address is only stored. Run it in a transaction: the mails are sent if and only if
 * the address is stored.
 */
export async function changeAddress(
  db: TenantDb,
  user: UserRow,
  email: string,
  context: MailContext & { mail: boolean },
): Promise<UserRow> {
  if (user.email === email) return user
  const saved = await db.users.setUnconfirmedEmail(user.id, email)
  if (!context.mail) return saved
  await queueConfirmation(db, saved, email, context)
  if (user.email !== null && user.email_verified_at !== null) {
    await db.emailOutbox.enqueue({
      userId: user.id,
      toAddress: user.email,
      locale: user.locale ?? context.locale,
      data: { kind: 'emailChanged', firstName: firstName(user.name) },
      portalUrl: context.portalUrl,
      expiresAt: context.now.add(confirmationLifetime),
    })
  }
  return saved
}

/** A new confirmation link for an unconfirmed address, unless the user had one within a minute or five today. */
export async function resendConfirmation(
  db: TenantDb,
  user: UserRow,
  context: MailContext,
): Promise<'sent' | 'limited' | 'nothing to confirm'> {
  if (user.email === null || emailStatusOf(user) !== 'unverified') return 'nothing to confirm'
  const lastMinute = await db.emailTokens.countSince(user.id, 'verify', context.now.subtract({ minutes: 1 }))
  const lastDay = await db.emailTokens.countSince(user.id, 'verify', context.now.subtract({ hours: 24 }))
  if (lastMinute >= confirmationResends.perMinute || lastDay >= confirmationResends.perDay) return 'limited'
  await queueConfirmation(db, user, user.email, context)
  return 'sent'
}

export type ConfirmationOutcome =
  | { kind: 'confirmed'; user: UserRow }
  /** Used or expired. */
  | { kind: 'dead'; user: UserRow }
  /** The user's address is no longer the one the link was sent to. */
  | { kind: 'changed'; user: UserRow }
  | { kind: 'unknown' }

/** Confirms the address a live, unused link was sent to, if it is still the user's; the link is then used. */
export function confirmAddress(
  db: TenantDb,
  token: string,
  now: Temporal.Instant,
): Promise<ConfirmationOutcome> {
  return db.transaction(async (trx) => {
    const row = await trx.emailTokens.find(hashLinkToken(token), 'verify', true)
    const user = row && (await trx.users.findById(row.user_id))
    if (!row || !user) return { kind: 'unknown' }
    if (row.used_at !== null || Temporal.Instant.compare(row.expires_at, now) <= 0)
      return { kind: 'dead', user }
    if (!(await trx.users.confirmEmail(user.id, row.email, now))) return { kind: 'changed', user }
    await trx.emailTokens.useAllOfUser(user.id, 'verify', now)
    return { kind: 'confirmed', user }
  })
}
