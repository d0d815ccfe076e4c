import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { isLocale } from '../../../src/domain/locale'
import { confirmAddress, type ConfirmationOutcome } from '../../accountMail/addressConfirmation'
import { pageLocale } from '../../i18n/pageLocale'
import { noticeBody, sendMailPage } from './accountMailPages'
import type { LoginPageDeps } from './loginRoutes'

type Translate = ReturnType<LoginPageDeps['i18n']>

/** The page's status, title and text for each outcome of a confirmation link. */
function outcomePage(i18n: Translate, outcome: ConfirmationOutcome['kind']) {
  const deadTitle = i18n._({ id: 'email_verify.dead_title', message: 'The link no longer works' })
  const newLink = i18n._({
    id: 'email_verify.new_link',
    message: 'To get a new link, open Personal info in the portal and choose Send the link again.',
  })
  switch (outcome) {
    case 'confirmed':
      return {
        status: 200,
        title: i18n._({ id: 'email_verify.confirmed_title', message: 'E-mail address confirmed' }),
        text: [
          i18n._({
            id: 'email_verify.confirmed',
            message:
              'Your e-mail address is confirmed. The notifications you chose and password recovery now use it.',
          }),
        ],
      }
    case 'dead':
      return {
        status: 410,
        title: deadTitle,
        text: [
          i18n._({
            id: 'email_verify.dead',
            message: 'The link has been used or has expired. A link works once and for 24 hours.',
          }),
          newLink,
        ],
      }
    case 'changed':
      return {
        status: 410,
        title: deadTitle,
        text: [
          i18n._({
            id: 'email_verify.changed',
            message:
              'The e-mail address of the account has changed since this link was sent. Confirm the new address with the link sent to it.',
          }),
        ],
      }
    case 'unknown':
      return {
        status: 400,
        title: i18n._({ id: 'email_verify.unknown_title', message: 'The link is not valid' }),
        text: [
          i18n._({
            id: 'email_verify.unknown',
            message: 'Check that the whole link was copied from the mail.',
          }),
          newLink,
        ],
      }
  }
}

/**
 * GET /email/verify?token= (the confirmation mail's link): confirms the address a live, unused link was sent to
 * while it is still the user's, and says so in the user's language.
 */
export function registerEmailConfirmationRoutes(app: FastifyInstance, deps: LoginPageDeps): void {
  app.get('/email/verify', async (request, reply) => {
    const { token, locale: linked } = request.query as { token?: unknown; locale?: unknown }
    const outcome: ConfirmationOutcome =
      typeof token === 'string' && token.length <= 256
        ? await confirmAddress(request.db, token, Temporal.Now.instant())
        : { kind: 'unknown' }
    if (outcome.kind === 'confirmed')
      request.server.sessionCache.forgetUser(request.tenant.id, outcome.user.id)
    // The mail's language (its link names it), else the user's, else the page's.
    const locale = isLocale(linked)
      ? linked
      : (outcome.kind !== 'unknown' && outcome.user.locale) || pageLocale(request)
    const i18n = deps.i18n(locale)
    const page = outcomePage(i18n, outcome.kind)
    const body = noticeBody(
      page.text,
      {
        href: `${request.tenant.pathPrefix}/personal-info?lang=${locale}`,
        text: i18n._({ id: 'email_verify.to_portal', message: 'Go to the portal' }),
      },
      page.status !== 200,
    )
    return sendMailPage(request, reply, { status: page.status, locale, title: page.title, body })
  })
}
