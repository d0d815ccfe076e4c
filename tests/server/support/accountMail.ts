import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import type { TenantId } from '../../../tenants'
import { hashPassword } from '../../../server/auth/passwords'
import type { EmailConfig } from '../../../server/config/emailConfig'
import type { MailData } from '../../../server/domain/mailData'
import type { Database } from '../../../server/db/schema'
import { tenantDb } from '../../../server/db/tenantDb'
import { testPort } from './app'

/**
 * E-mail on, but no sender in the app: the mails stay queued as written, their links' tokens in them (a sender
 * clears them once it sends; sending is tests/server/emailSender.test.ts's).
 */
export const queuedOnly: EmailConfig = { mode: 'demo', from: 'noreply@portal.example.fi', sender: false }

/** The mails queued for the tenant (`email_deliveries`), oldest first. */
export async function queuedMails(db: Kysely<Database>, tenant: TenantId) {
  const rows = await db
    .selectFrom('email_deliveries')
    .select(['id', 'user_id', 'to_address', 'locale', 'kind', 'data', 'portal_url', 'expires_at'])
    .where('tenant_id', '=', tenant)
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ ...row, data: row.data as MailData }))
}

/** The mails queued since `before` (a count of `queuedMails`). */
export async function mailsSince(db: Kysely<Database>, tenant: TenantId, before: number) {
  return (await queuedMails(db, tenant)).slice(before)
}

let serial = 0

/** A user of the test's own: a password (if given), an address, confirmed or not, and a strong identity. */
export async function userWith(
  db: Kysely<Database>,
  tenant: TenantId,
  options: { email: string | null; confirmed: boolean; password?: string; strong?: boolean; name?: string },
) {
  serial += 1
  const userName = options.password ? `mail-user-${serial}-${Date.now().toString(36)}` : null
  const users = tenantDb(db, tenant).users
  const user = await users.create({
    name: options.name ?? 'Maija Meikäläinen',
    userName,
    passwordHash: options.password ? await hashPassword(options.password) : null,
    email: options.email,
    identitySubject: options.strong ? `strong-${serial}-${Date.now()}` : null,
    identityVerified: options.strong ?? false,
  })
  if (options.confirmed)
    await db
      .updateTable('users')
      .set({ email_verified_at: Temporal.Now.instant() })
      .where('tenant_id', '=', tenant)
      .where('id', '=', user.id)
      .execute()
  return { ...user, user_name: userName }
}

/** A form post of a server page, as this origin's own page sends it. */
export function postForm(
  app: FastifyInstance,
  tenant: TenantId,
  url: string,
  fields: Record<string, string>,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      host: `${tenant}.localhost:${testPort}`,
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      ...options.headers,
    },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    payload: new URLSearchParams(fields).toString(),
  })
}

/** A server page by GET on the tenant's host. */
export function getPage(app: FastifyInstance, tenant: TenantId, url: string) {
  return app.inject({ url, headers: { host: `${tenant}.localhost:${testPort}` } })
}

/** The visible text of a server page, tags dropped and spaces folded, for comparing two answers. */
export const pageText = (body: string) =>
  body
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
