import { createHash, randomBytes } from 'node:crypto'
import type {} from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { isLocalHost } from '../../src/domain/hosts'
import type { TenantId } from '../../tenants'

/** One cookie per tenant, so tenants side by side on one localhost do not sign each other out. */
export function sessionCookieName(tenant: TenantId): string {
  return `portal_session_${tenant}`
}

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('base64url')
}

/** Secure everywhere but loopback, where the portal runs on plain http. */
export function cookieOptions(request: FastifyRequest, maxAgeSeconds: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: !isLocalHost(request.hostname),
    path: '/',
    maxAge: maxAgeSeconds,
  }
}

/** Starts a session: a random id in the cookie, only its hash in the database. */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  ttlSeconds: number,
): Promise<void> {
  const id = randomBytes(32).toString('base64url')
  const now = Temporal.Now.instant()
  await request.db.sessions.create(hashSessionId(id), userId, now.add({ seconds: ttlSeconds }))
  await request.db.sessions.deleteExpired(now)
  reply.setCookie(sessionCookieName(request.tenant.id), id, cookieOptions(request, ttlSeconds))
}

/** The signed-in user's id, or null without a live session. */
export async function sessionUserId(request: FastifyRequest): Promise<string | null> {
  const id = request.cookies[sessionCookieName(request.tenant.id)]
  if (!id) return null
  return (await request.db.sessions.findUserId(hashSessionId(id), Temporal.Now.instant())) ?? null
}

export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const name = sessionCookieName(request.tenant.id)
  const id = request.cookies[name]
  if (id) await request.db.sessions.delete(hashSessionId(id))
  reply.clearCookie(name, { path: '/' })
}
