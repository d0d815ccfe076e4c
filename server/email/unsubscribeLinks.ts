import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { NotificationKind } from '../../src/contract'
import { notificationKinds } from '../../src/contract'
import type { TenantId } from '../../tenants'
import type { Db } from '../db/schema'

/**
 * An unsubscribe link's token (RFC 8058): it names the user and the kind of notification to turn off by e-mail,
 * signed with the deployment's key (`email_link_keys`), so it works without signing in and cannot be made for
 * another user or kind. It does not expire: a mail's unsubscribe link must work as long as the mail is kept.
 */
export interface UnsubscribeSubject {
  tenant: TenantId
  userId: string
  kind: NotificationKind
}

const mac = (key: Buffer, { tenant, userId, kind }: UnsubscribeSubject) =>
  createHmac('sha256', key).update(`unsubscribe\n${tenant}\n${userId}\n${kind}`).digest()

export function unsubscribeToken(key: Buffer, subject: UnsubscribeSubject): string {
  return `${subject.userId}.${subject.kind}.${mac(key, subject).toString('base64url')}`
}

/** The token's user and kind when its signature holds for `tenant`, else null. */
export function readUnsubscribeToken(
  key: Buffer,
  tenant: TenantId,
  token: string,
): Omit<UnsubscribeSubject, 'tenant'> | null {
  const [userId, kind, signature, ...rest] = token.split('.')
  if (!userId || !kind || !signature || rest.length > 0) return null
  if (!(notificationKinds as readonly string[]).includes(kind)) return null
  const subject = { tenant, userId, kind: kind as NotificationKind }
  const given = Buffer.from(signature, 'base64url')
  const expected = mac(key, subject)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  return { userId, kind: subject.kind }
}

/**
 * The deployment's link key, kept in `email_link_keys` (global, on the unscoped database) and made on first use by
 * whichever instance comes first, so every instance signs and checks alike. Read once per process; a failed read is
 * tried again.
 */
export function emailLinkKeyOnce(db: Db): () => Promise<Buffer> {
  let key: Promise<Buffer> | null = null
  const load = async (): Promise<Buffer> => {
    await db
      .insertInto('email_link_keys')
      .values({ id: 1, key: randomBytes(32).toString('base64url') })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute()
    const row = await db
      .selectFrom('email_link_keys')
      .select('key')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
    return Buffer.from(row.key, 'base64url')
  }
  return () => {
    key ??= load().catch((error: unknown) => {
      key = null
      throw error
    })
    return key
  }
}
