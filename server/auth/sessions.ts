import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type {} from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { isLocalHost } from '../../src/domain/hosts'
import type { TenantId } from '../../tenants'
import type { LiveSession } from '../db/repositories/sessions'
import type { UserRow } from '../db/repositories/users'

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
  await request.db.sessions.create(hashSessionId(id), randomUUID(), userId, now.add({ seconds: ttlSeconds }))
  await request.db.sessions.deleteExpired(now)
  reply.setCookie(sessionCookieName(request.tenant.id), id, cookieOptions(request, ttlSeconds))
}

/** The live session of the request's cookie, or null. */
export async function cookieSession(request: FastifyRequest): Promise<LiveSession | null> {
  const id = request.cookies[sessionCookieName(request.tenant.id)]
  if (!id) return null
  return (await request.db.sessions.findLive(hashSessionId(id), Temporal.Now.instant())) ?? null
}

/** The user of the live session an access token names, or null; usually from the in-process cache. */
export function sessionUser(request: FastifyRequest, sid: string): Promise<UserRow | null> {
  return request.server.sessionCache.user(request.tenant.id, sid, () =>
    request.db.sessions.findUserBySid(sid, Temporal.Now.instant()),
  )
}

export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const name = sessionCookieName(request.tenant.id)
  const id = request.cookies[name]
  const sid = id ? await request.db.sessions.delete(hashSessionId(id)) : undefined
  if (sid) request.server.sessionCache.forget(request.tenant.id, sid)
  reply.clearCookie(name, { path: '/' })
}

/** After a password change: every other session of the user ends, and with it the tokens it gave out. */
export async function endOtherSessions(
  request: FastifyRequest,
  userId: string,
  keepSid: string,
): Promise<void> {
  await request.db.sessions.deleteOthersOfUser(userId, keepSid)
  request.server.sessionCache.forgetUser(request.tenant.id, userId)
}
