import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type {} from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import type { Locale } from '../../src/domain/locale'
import type { SessionLifetime } from '../domain/sessionLifetime'
import type { LiveSession } from '../db/repositories/sessions'
import type { UserRow } from '../db/repositories/users'

/**
 * A cookie of this server. Over https the name takes the `__Host-` prefix: the browser then keeps it only when
 * Secure, on Path=/ and without Domain, so no sibling host or plain-http page can set or shadow it.
 */
export function cookieName(request: FastifyRequest, name: string): string {
  return isSecure(request) ? `__Host-${name}` : name
}

/** One cookie per tenant, so tenants side by side on one localhost do not sign each other out. */
export function sessionCookieName(request: FastifyRequest): string {
  return cookieName(request, `portal_session_${request.tenant.id}`)
}

/** The protocol the browser used: behind TRUST_PROXY from X-Forwarded-Proto, never from the host name. */
function isSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https'
}

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('base64url')
}

/** Secure whenever the browser came over https. */
export function cookieOptions(request: FastifyRequest, maxAgeSeconds?: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecure(request),
    path: '/',
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  }
}

/**
 * Starts a session: a random id in the cookie, only its hash in the database. The row ends after the idle time
 * unless the user is active (`slideSession`); the cookie is kept for the cap, past which no slide reaches. The
 * sign-in's language and portal root are kept with the user: their mails are written in it and link to it.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  lifetime: SessionLifetime,
  locale: Locale,
): Promise<void> {
  await request.db.users.noteLocale(userId, locale, request.tenant.portalUrl)
  const id = randomBytes(32).toString('base64url')
  const now = Temporal.Now.instant()
  const expiresAt = now.add({ seconds: lifetime.idleSeconds })
  await request.db.sessions.create(hashSessionId(id), randomUUID(), userId, expiresAt)
  await request.db.sessions.deleteExpired(now)
  reply.setCookie(sessionCookieName(request), id, cookieOptions(request, lifetime.maxSeconds))
}

/**
 * The user was active: the session now ends the idle time from now, but never past the cap since sign-in.
 * Answers the session's end after that, or undefined when it has ended meanwhile.
 */
export function slideSession(
  request: FastifyRequest,
  sid: string,
  lifetime: SessionLifetime,
): Promise<Temporal.Instant | undefined> {
  return request.db.sessions.slide(sid, Temporal.Now.instant(), lifetime)
}

/** The portal asked for a token in `locale`: kept with the user when it or the portal root changed. */
export async function noteSessionLocale(request: FastifyRequest, session: LiveSession, locale: Locale) {
  const portalUrl = request.tenant.portalUrl
  if (session.userLocale === locale && session.userPortalUrl === portalUrl) return
  await request.db.users.noteLocale(session.userId, locale, portalUrl)
  request.server.sessionCache.forgetUser(request.tenant.id, session.userId)
}

/** The live session of the request's cookie, or null. */
export async function cookieSession(request: FastifyRequest): Promise<LiveSession | null> {
  const id = request.cookies[sessionCookieName(request)]
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
  const name = sessionCookieName(request)
  const id = request.cookies[name]
  const sid = id ? await request.db.sessions.delete(hashSessionId(id)) : undefined
  if (sid) request.server.sessionCache.forget(request.tenant.id, sid)
  reply.clearCookie(name, cookieOptions(request))
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
