import { Temporal } from 'temporal-polyfill'
import type { TenantDb } from '../db/tenantDb'
import type { UserRow } from '../db/repositories/users'
import { hashLinkToken } from './linkTokens'

/**
 * The user of a live reset link (unused, unexpired, the user still with a username and still with the address
 * it was mailed to), or null: a user who moved off an address, perhaps because someone else reads it, leaves no
 * working link in it.
 */
async function liveUser(db: TenantDb, token: string, now: Temporal.Instant, lock: boolean) {
  const row = await db.emailTokens.find(hashLinkToken(token), 'reset', lock)
  if (!row || row.used_at !== null || Temporal.Instant.compare(row.expires_at, now) <= 0) return null
  const user = await db.users.findById(row.user_id)
  if (!user?.user_name || user.email?.toLowerCase() !== row.email.toLowerCase()) return null
  return user as UserRow & { user_name: string }
}

/** Whose password a reset link sets, while it works. */
export function resetLinkUser(db: TenantDb, token: string, now: Temporal.Instant) {
  return liveUser(db, token, now, false)
}

/**
 * Sets the new password (already hashed) if the link still works, in one transaction: this link and every other
 * live reset link of the user are used, every session of the user ends (on every instance, by the sessions'
 * announcements) and the username's login throttle starts over. Null when the link no longer works.
 */
export function resetPassword(
  db: TenantDb,
  token: string,
  passwordHash: string,
  now: Temporal.Instant,
): Promise<(UserRow & { user_name: string }) | null> {
  return db.transaction(async (trx) => {
    const user = await liveUser(trx, token, now, true)
    if (!user) return null
    await trx.users.setPasswordHash(user.id, passwordHash)
    await trx.emailTokens.useAllOfUser(user.id, 'reset', now)
    await trx.sessions.deleteAllOfUser(user.id)
    await trx.loginAttempts.forgiveUserName(user.user_name)
    return user
  })
}
