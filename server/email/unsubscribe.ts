import type { NotificationKind } from '../../src/contract/codes'
import type { UserRow } from '../db/repositories/users'
import type { TenantDb } from '../db/tenantDb'
import { readUnsubscribeToken } from './unsubscribeLinks'

/** Whose e-mails of which kind an unsubscribe link stops. */
export interface UnsubscribeTarget {
  user: UserRow
  kind: NotificationKind
}

/**
 * The user and kind of an unsubscribe link's token when it was signed with `key` for this tenant and its user
 * still exists; null for any other (forged, cut, another tenant's, a deleted user's). Changes nothing.
 */
export async function unsubscribeTarget(
  db: TenantDb,
  key: Buffer,
  token: string,
): Promise<UnsubscribeTarget | null> {
  const subject = readUnsubscribeToken(key, db.tenant, token)
  if (!subject) return null
  const user = await db.users.findById(subject.userId)
  return user ? { user, kind: subject.kind } : null
}

/**
 * One-click unsubscribe (RFC 8058): the target's kind off by e-mail for every passenger granted to its user,
 * the other kinds and push as they were. Saying it twice is the same as once.
 */
export async function unsubscribe(db: TenantDb, target: UnsubscribeTarget): Promise<void> {
  await db.notificationSettings.emailOff(target.user.id, target.kind)
}
