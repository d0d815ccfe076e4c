import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { z } from 'zod'
import { isLocale, type Locale } from '../../../src/domain/locale'
import type { ServerConfig } from '../../config/config'
import type { ServerI18n } from '../../i18n/catalogs'
import { loginThrottlePolicy, reserveAttempt, waitSeconds } from '../../domain/loginThrottle'
import { invitationNotice, landingAfterSignIn, pendingInvitation } from '../../invitations/pendingAcceptance'
import { pageLocale } from '../../i18n/pageLocale'
import { limitKey } from '../../net/clientAddress'
import { renderLoginPage } from './loginPage'
import { createPasswordChecker } from '../../auth/passwords'
import { isForeignPost } from '../../auth/formOrigin'
import { startSession } from '../../auth/sessions'

export interface LoginPageDeps {
  config: ServerConfig
  i18n: ServerI18n
  /** Whether the strong authentication button shows. */
  strongAuth: boolean
  /** Whether the deployment sends mail: "Forgot your password?" shows only then. */
  mail: boolean
}

const loginForm = z.object({
  username: z.string().max(256).default(''),
  password: z.string().max(1024).default(''),
  locale: z.string().optional(),
})

type Translate = ReturnType<ServerI18n>

/** Why a form another site posted was refused. */
export const crossSiteMessage = (i18n: Translate) =>
  i18n._({
    id: 'login.error_cross_site',
    message:
      'The form was sent from another site, so it was not accepted. Open the page again and try once more.',
  })

/** "You can try again in 8 seconds." (minutes from one minute on, rounded up), said alike by 401 and 429. */
export function tryAgainIn(i18n: Translate, seconds: number): string {
  const duration =
    seconds < 60
      ? i18n._({
          id: 'login.wait_seconds',
          message: '{seconds, plural, one {# second} other {# seconds}}',
          values: { seconds },
        })
      : i18n._({
          id: 'login.wait_minutes',
          message: '{minutes, plural, one {# minute} other {# minutes}}',
          values: { minutes: Math.ceil(seconds / 60) },
        })
  return i18n._({
    id: 'login.try_again_in',
    message: 'You can try again in {duration}.',
    values: { duration },
  })
}

/** Re-renders the login page with a translated error and the given status. */
export function sendLoginPage(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: LoginPageDeps,
  status: number,
  locale: Locale,
  error?: (i18n: Translate) => string,
  userName?: string,
): FastifyReply {
  const i18n = deps.i18n(locale)
  const page = renderLoginPage(i18n, {
    locale,
    tenant: request.tenant,
    strongAuth: deps.strongAuth,
    recovery: deps.mail,
    ...(error ? { error: error(i18n) } : {}),
    ...(pendingInvitation(request) ? { notice: invitationNotice(i18n, deps.strongAuth) } : {}),
    ...(userName ? { userName } : {}),
  })
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page)
}

/** GET and POST /login (username and password). */
export function registerLoginRoutes(app: FastifyInstance, deps: LoginPageDeps): void {
  const checkPassword = createPasswordChecker()

  app.get('/login', async (request, reply) => sendLoginPage(request, reply, deps, 200, pageLocale(request)))

  app.post('/login', { schema: { body: loginForm } }, async (request, reply) => {
    const form = request.body as z.output<typeof loginForm>
    const locale = isLocale(form.locale) ? form.locale : pageLocale(request)
    const userName = form.username.trim()
    if (isForeignPost(request)) return sendLoginPage(request, reply, deps, 403, locale, crossSiteMessage)
    // The attempt is reserved (counted as a failure) before the password is checked, so concurrent ones cannot
    // all pass; a success forgives it.
    const now = Temporal.Now.instant()
    const client = limitKey(request.ip)
    const reservation = await request.db.loginAttempts.reserve(userName, client, now, (address, pair) =>
      reserveAttempt(address, pair, now),
    )
    if (!reservation.allowed) {
      reply.header('retry-after', String(reservation.retryAfterSeconds))
      const limited = (i18n: Translate) =>
        `${i18n._({ id: 'login.error_rate_limited', message: 'Too many failed login attempts.' })} ${tryAgainIn(i18n, reservation.retryAfterSeconds)}`
      return sendLoginPage(request, reply, deps, 429, locale, limited, userName)
    }
    const user = userName ? await request.db.users.findByUserName(userName) : undefined
    const passwordMatches = await checkPassword(user?.password_hash, form.password)
    if (!user || !passwordMatches) {
      await request.db.loginAttempts.pruneBefore(now.subtract({ hours: loginThrottlePolicy.pairWindowHours }))
      // Said now, not only when the next attempt is refused: the wait this failure starts.
      const wait = waitSeconds(reservation.address, reservation.pair, now)
      const invalid = (i18n: Translate) => {
        const text = i18n._({ id: 'login.error_invalid', message: 'Incorrect username or password.' })
        return wait > 0 ? `${text} ${tryAgainIn(i18n, wait)}` : text
      }
      return sendLoginPage(request, reply, deps, 401, locale, invalid, userName)
    }
    await request.db.loginAttempts.forgive(userName, client)
    await startSession(request, reply, user.id, deps.config.session, locale)
    const landing = await landingAfterSignIn(request, reply, user, locale, deps.i18n)
    return reply.redirect(landing ?? `${request.tenant.pathPrefix}/`, 303)
  })
}
