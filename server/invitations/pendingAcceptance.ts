import type { I18n } from '@lingui/core'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { invitationCode } from '../../src/contract/invitations'
import type { Locale } from '../../src/domain/locale'
import { cookieName, cookieOptions } from '../auth/sessions'
import type { UserRow } from '../db/repositories/users'
import type { ServerI18n } from '../i18n/catalogs'
import { acceptInvitation } from './invitations'

/** How long a browser on its way through the sign-in keeps the invitation it came to accept. */
const pendingTtlSeconds = 30 * 60

function pendingCookieName(request: FastifyRequest): string {
  return cookieName(request, `portal_invitation_${request.tenant.id}`)
}

/**
 * Keeps the invitation through the sign-in, whichever way it goes (password, strong authentication, a failed
 * attempt, another language). The cookie holds the code as it is: the code is the whole secret, so a cookie
 * forged with another one could only name a code its forger could have sent the user to anyway.
 */
export function rememberInvitation(request: FastifyRequest, reply: FastifyReply, code: string): void {
  reply.setCookie(pendingCookieName(request), code, cookieOptions(request, pendingTtlSeconds))
}

/** The invitation this browser came to accept, or null. */
export function pendingInvitation(request: FastifyRequest): string | null {
  const parsed = invitationCode.safeParse(request.cookies[pendingCookieName(request)])
  return parsed.success ? parsed.data : null
}

/**
 * Where a browser goes once signed in when it came to accept an invitation: accepted now, to the passengers;
 * not accepted (expired, another user's, or a travel card's that this sign-in's identity is not verified
 * enough for), to the invitation's page, which says why. Null when it came for no invitation. The invitation is
 * forgotten either way.
 */
export async function landingAfterSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  locale: Locale,
  i18n: ServerI18n,
): Promise<string | null> {
  const code = pendingInvitation(request)
  if (!code) return null
  reply.clearCookie(pendingCookieName(request), cookieOptions(request))
  const acceptance = await acceptInvitation(request.db, user, code, Temporal.Now.instant(), {
    i18n,
    timeZone: request.tenant.timeZone,
  })
  const path = acceptance.kind === 'accepted' ? '/passengers' : `/invitation/${code}`
  return `${request.tenant.pathPrefix}${path}?lang=${locale}`
}

/** What the login page says to a browser that came to accept an invitation. */
export function invitationNotice(i18n: I18n, strongAuth: boolean): string[] {
  const notice = i18n._({
    id: 'login.invitation_notice',
    message: 'Log in to accept the invitation: its passengers are added to your account.',
  })
  if (!strongAuth) return [notice]
  return [
    notice,
    i18n._({
      id: 'login.invitation_new_user',
      message: 'No account yet? Identifying yourself with strong authentication creates one.',
    }),
  ]
}
