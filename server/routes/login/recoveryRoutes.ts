import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { z } from 'zod'
import { passwordMinLength } from '../../../src/contract/codes'
import { isLocale, type Locale } from '../../../src/domain/locale'
import { passwordProblems } from '../../../src/domain/password'
import { requestPasswordReset } from '../../accountMail/passwordRecovery'
import { resetLinkUser, resetPassword } from '../../accountMail/passwordReset'
import { isForeignPost } from '../../auth/formOrigin'
import { hashPassword } from '../../auth/passwords'
import { pageLocale } from '../../i18n/pageLocale'
import { limitKey } from '../../net/clientAddress'
import { forgotForm, noticeBody, resetForm, sendMailPage } from './accountMailPages'
import { crossSiteMessage, type LoginPageDeps } from './loginRoutes'

type Translate = ReturnType<LoginPageDeps['i18n']>

const forgotRequest = z.object({
  identifier: z.string().max(256).default(''),
  locale: z.string().optional(),
})
const resetRequest = z.object({
  token: z.string().max(256).default(''),
  password: z.string().max(1024).default(''),
  passwordAgain: z.string().max(1024).default(''),
  locale: z.string().optional(),
})

const formLocale = (request: FastifyRequest, locale: unknown): Locale =>
  isLocale(locale) ? locale : pageLocale(request)

const forgotTitle = (i18n: Translate) =>
  i18n._({ id: 'login.forgot_title', message: 'Forgot your password?' })

/** The forgot-password form, with an error when there is one. */
function sendForgotPage(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: LoginPageDeps,
  { status, locale, error }: { status: number; locale: Locale; error?: string },
) {
  const i18n = deps.i18n(locale)
  const body = forgotForm(i18n, request.tenant.pathPrefix, locale, error)
  return sendMailPage(request, reply, { status, locale, title: forgotTitle(i18n), body })
}

/** A reset link that no longer works (or never did): how to ask for another. */
function sendDeadLink(request: FastifyRequest, reply: FastifyReply, deps: LoginPageDeps, locale: Locale) {
  const i18n = deps.i18n(locale)
  const body = noticeBody(
    [
      i18n._({
        id: 'login.reset_dead',
        message:
          'The link has been used or has expired. A link works once and for 30 minutes. You can ask for a new one.',
      }),
    ],
    {
      href: `${request.tenant.pathPrefix}/login/forgot?locale=${locale}`,
      text: i18n._({ id: 'login.reset_ask_again', message: 'Ask for a new link' }),
    },
  )
  const title = i18n._({ id: 'login.reset_dead_title', message: 'The link no longer works' })
  return sendMailPage(request, reply, { status: 410, locale, title, body })
}

function sendResetForm(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: LoginPageDeps,
  page: { status: number; locale: Locale; token: string; userName: string; errors: readonly string[] },
) {
  const i18n = deps.i18n(page.locale)
  const body = resetForm(i18n, { ...page, prefix: request.tenant.pathPrefix })
  const title = i18n._({ id: 'login.reset_title', message: 'Choose a new password' })
  return sendMailPage(request, reply, { status: page.status, locale: page.locale, title, body })
}

/** The new password's problems in words: the portal's own catalog entries of the same codes. */
function passwordErrors(i18n: Translate, password: string, again: string): string[] {
  const errors = passwordProblems(password).map((code) =>
    code === 'Required'
      ? i18n._({ id: 'error.must_not_be_empty', message: 'Must not be empty' })
      : i18n._(`password.errors.${code}`, { minLength: passwordMinLength }),
  )
  if (errors.length === 0 && password !== again)
    errors.push(i18n._({ id: 'password.errors.confirmationMismatch', message: 'The passwords do not match' }))
  return errors
}

/**
 * Password recovery (docs/auth.md, "Password recovery"): GET and POST /login/forgot ask for the username or
 * e-mail and always answer alike; GET and POST /login/reset set a new password by a mailed link.
 */
export function registerRecoveryRoutes(app: FastifyInstance, deps: LoginPageDeps): void {
  app.get('/login/forgot', async (request, reply) =>
    sendForgotPage(request, reply, deps, { status: 200, locale: pageLocale(request) }),
  )

  app.post('/login/forgot', { schema: { body: forgotRequest } }, async (request, reply) => {
    const form = request.body as z.output<typeof forgotRequest>
    const locale = formLocale(request, form.locale)
    const i18n = deps.i18n(locale)
    if (isForeignPost(request))
      return sendForgotPage(request, reply, deps, { status: 403, locale, error: crossSiteMessage(i18n) })
    const context = { locale, portalUrl: request.tenant.portalUrl, now: Temporal.Now.instant() }
    const outcome = await request.db.transaction((db) =>
      requestPasswordReset(db, form.identifier.trim(), limitKey(request.ip), context),
    )
    if (outcome === 'limited') {
      const limited = i18n._({
        id: 'login.forgot_limited',
        message: 'Too many requests. Try again later.',
      })
      return sendForgotPage(request, reply, deps, { status: 429, locale, error: limited })
    }
    const body = noticeBody(
      [
        i18n._({
          id: 'login.forgot_sent',
          message:
            'If the username or e-mail is in use, we sent instructions to the confirmed e-mail address of the account. The link in the mail works for 30 minutes.',
        }),
        i18n._({
          id: 'login.forgot_no_mail',
          message:
            'No mail? Check the spam folder. An address that was never confirmed gets no mail: then log in with strong authentication, or ask the transport service for help.',
        }),
      ],
      {
        href: `${request.tenant.pathPrefix}/login?locale=${locale}`,
        text: i18n._({ id: 'login.back_to_login', message: 'Back to log in' }),
      },
      true,
    )
    const title = i18n._({ id: 'login.forgot_sent_title', message: 'Check your e-mail' })
    return sendMailPage(request, reply, { status: 200, locale, title, body })
  })

  app.get('/login/reset', async (request, reply) => {
    const query = request.query as { token?: unknown; locale?: unknown }
    const { token } = query
    const user =
      typeof token === 'string' ? await resetLinkUser(request.db, token, Temporal.Now.instant()) : null
    if (!user || typeof token !== 'string') return sendDeadLink(request, reply, deps, pageLocale(request))
    // The mail's link names its language; a link without one: the language the user last used the portal in.
    return sendResetForm(request, reply, deps, {
      status: 200,
      locale: isLocale(query.locale) ? query.locale : (user.locale ?? pageLocale(request)),
      token,
      userName: user.user_name,
      errors: [],
    })
  })

  app.post('/login/reset', { schema: { body: resetRequest } }, async (request, reply) => {
    const form = request.body as z.output<typeof resetRequest>
    const locale = formLocale(request, form.locale)
    const i18n = deps.i18n(locale)
    const user = await resetLinkUser(request.db, form.token, Temporal.Now.instant())
    if (!user) return sendDeadLink(request, reply, deps, locale)
    const page = { locale, token: form.token, userName: user.user_name }
    if (isForeignPost(request))
      return sendResetForm(request, reply, deps, { ...page, status: 403, errors: [crossSiteMessage(i18n)] })
    const errors = passwordErrors(i18n, form.password, form.passwordAgain)
    if (errors.length > 0) return sendResetForm(request, reply, deps, { ...page, status: 400, errors })
    const saved = await resetPassword(
      request.db,
      form.token,
      await hashPassword(form.password),
      Temporal.Now.instant(),
    )
    if (!saved) return sendDeadLink(request, reply, deps, locale)
    // Every session ended: this instance forgets them now, the others at the database's announcement.
    request.server.sessionCache.forgetUser(request.tenant.id, saved.id)
    const body = noticeBody(
      [i18n._({ id: 'login.reset_done', message: 'Your password was changed. Log in with it.' })],
      {
        href: `${request.tenant.pathPrefix}/login?locale=${locale}`,
        text: i18n._({ id: 'login.title', message: 'Log in' }),
      },
      true,
    )
    const title = i18n._({ id: 'login.reset_done_title', message: 'Password changed' })
    return sendMailPage(request, reply, { status: 200, locale, title, body })
  })
}
