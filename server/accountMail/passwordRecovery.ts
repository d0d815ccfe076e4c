import type { TenantDb } from '../db/tenantDb'
import type { UserRow } from '../db/repositories/users'
import { forgetSpentLinks, newLinkToken } from './linkTokens'
import type { MailContext } from './mailContext'

/**
 * The recovery's limits (docs/auth.md, "Password recovery"): requests per client address, and mails per e-mail
 * address (the address typed, or one the accounts found have), each in a fixed window.
 */
export const recoveryLimits = {
  perClient: 5,
  clientWindow: { minutes: 15 },
  perEmail: 3,
  emailWindow: { hours: 1 },
  /** How long a reset link works. */
  resetLifetime: { minutes: 30 },
} as const

/** The addresses that may recover a password: confirmed and not refused by a relay. */
const deliverable = (user: UserRow): user is UserRow & { email: string } =>
  user.email !== null && user.email_verified_at !== null && user.email_undeliverable_at === null

function byAddress(users: readonly UserRow[]): Map<string, (UserRow & { email: string })[]> {
  const groups = new Map<string, (UserRow & { email: string })[]>()
  for (const user of users.filter(deliverable)) {
    const key = user.email.toLowerCase()
    groups.set(key, [...(groups.get(key) ?? []), user])
  }
  return groups
}

/** One address's mail: a reset link per username with a password, and whether an account of it is strong-only. */
async function queueResetMail(db: TenantDb, holders: (UserRow & { email: string })[], context: MailContext) {
  const expiresAt = context.now.add(recoveryLimits.resetLifetime)
  const accounts = []
  for (const user of holders) {
    if (user.password_hash === null || user.user_name === null) continue
    const { token, hash } = newLinkToken()
    await db.emailTokens.create({ hash, userId: user.id, purpose: 'reset', email: user.email, expiresAt })
    accounts.push({ userName: user.user_name, token })
  }
  const strongAuthOnly = holders.some((user) => user.password_hash === null && user.identity_subject !== null)
  if (accounts.length === 0 && !strongAuthOnly) return
  await db.emailOutbox.enqueue({
    userId: holders.length === 1 ? holders[0]!.id : null,
    toAddress: holders[0]!.email,
    locale: context.locale,
    data: { kind: 'passwordReset', accounts, strongAuthOnly },
    portalUrl: context.portalUrl,
    expiresAt,
  })
}

/**
 * A "forgot your password" request for a username or an e-mail address. Whatever it names, the same work is done
 * and the same answer given ('sent'), so nobody learns who has an account; 'limited' when the client or the typed
 * address asked too often. Each confirmed address of the accounts found gets one mail: a reset link per username
 * with a password, and whether an account of it signs in only by strong authentication. Run in one transaction.
 */
export async function requestPasswordReset(
  db: TenantDb,
  identifier: string,
  client: string,
  context: MailContext,
): Promise<'sent' | 'limited'> {
  const { now } = context
  await forgetSpentLinks(db, now)
  const typedEmail = identifier.includes('@') ? identifier.toLowerCase() : null
  const emailWindow = now.subtract(recoveryLimits.emailWindow)
  const clientCount = await db.emailThrottles.count(
    'address',
    client,
    now,
    now.subtract(recoveryLimits.clientWindow),
  )
  const typedCount = typedEmail ? await db.emailThrottles.count('email', typedEmail, now, emailWindow) : 0
  if (clientCount > recoveryLimits.perClient || typedCount > recoveryLimits.perEmail) return 'limited'

  const users = identifier === '' ? [] : await db.users.findByUserNameOrEmail(identifier)
  for (const [address, holders] of byAddress(users)) {
    // A username's address is counted too, unless it is the one typed (counted above): nobody floods it.
    if (
      address !== typedEmail &&
      (await db.emailThrottles.count('email', address, now, emailWindow)) > recoveryLimits.perEmail
    )
      continue
    await queueResetMail(db, holders, context)
  }
  return 'sent'
}
