import { createHash, randomBytes } from 'node:crypto'
import type { Temporal } from 'temporal-polyfill'
import type { TenantDb } from '../db/tenantDb'

/** A mailed link's token: 32 random bytes; only its SHA-256 is stored (`email_tokens`), the token is only in the mail. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashLinkToken(token) }
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/**
 * Forgets links and recovery counters long dead, as new ones are made: a link is told apart as used or expired
 * (410) for a week after it stops working, then it is unknown (400); a counter outlives its longest window (an hour).
 */
export async function forgetSpentLinks(db: TenantDb, now: Temporal.Instant): Promise<void> {
  await db.emailTokens.deleteExpiredBefore(now.subtract({ hours: 7 * 24 }))
  await db.emailThrottles.pruneBefore(now.subtract({ hours: 1 }))
}
