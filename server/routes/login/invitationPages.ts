import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { invitationCode } from '../../../src/contract/invitations'
import { isLocale, type Locale } from '../../../src/domain/locale'
import { isForeignPost, isOwnNavigation } from '../../auth/formOrigin'
import { crossSiteMessage, type LoginPageDeps } from './loginRoutes'
import { cookieSession, endSession } from '../../auth/sessions'
import { pageLocale } from '../../i18n/pageLocale'
import { sendConfirmationPage } from '../../pages/confirmationPage'
import { rememberInvitation } from '../../invitations/pendingAcceptance'

/** The portal's form, as the page below posts it. */
const logoutForm = z.object({ code: z.string().max(100).optional(), locale: z.string().optional() }).nullish()

/** A redirect that no cache keeps (it depends on the session). */
const redirect = (reply: FastifyReply, location: string) =>
  reply.header('cache-control', 'no-store').redirect(location, 303)

const codeOf = (value: unknown): string | null => {
  const parsed = invitationCode.safeParse(value)
  return parsed.success ? parsed.data : null
}

/** To the login page, which says why, with the invitation kept until the sign-in is done. */
function signInToAccept(request: FastifyRequest, reply: FastifyReply, code: string, locale: Locale) {
  rememberInvitation(request, reply, code)
  return redirect(reply, `${request.tenant.pathPrefix}/login?locale=${locale}`)
}

/** Ending someone else's session is what a foreign page must not do by a link: the user confirms it here. */
function sendLogoutConfirmation(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: LoginPageDeps,
  status: number,
  code: string,
  locale: Locale,
  error?: string,
): FastifyReply {
  const i18n = deps.i18n(locale)
  return sendConfirmationPage(request, reply, i18n, {
    status,
    locale,
    title: i18n._({
      id: 'login.invitation_logout_title',
      message: 'Accept the invitation with another account?',
    }),
    text: i18n._({
      id: 'login.invitation_logout_text',
      message:
        'You are logged in. To accept the invitation with another account, log out first, then log in or identify yourself.',
    }),
    action: '/logoutandacceptinvite',
    fields: { code },
    button: i18n._({ id: 'login.invitation_logout_button', message: 'Log out and continue' }),
    error,
  })
}

async function logOutToAccept(request: FastifyRequest, reply: FastifyReply, code: string, locale: Locale) {
  await endSession(request, reply)
  return signInToAccept(request, reply, code, locale)
}

/**
 * The spec's full-page navigations to accept an invitation (section 2). `/acceptinvite?code=&locale=` sends
 * an anonymous browser to the login page, keeping the code until the sign-in accepts it
 * (`landingAfterSignIn`); a browser that turns out to be signed in goes to the invitation's page, where the
 * portal accepts it for that user. `/logoutandacceptinvite?code=&locale=` ends the session first, when this
 * origin's page or the user started it; anything else asks first, with a form posted back here. A missing or
 * malformed code goes to the portal's home.
 */
export function registerInvitationPages(app: FastifyInstance, deps: LoginPageDeps): void {
  const home = (request: FastifyRequest, reply: FastifyReply, locale: Locale) =>
    redirect(reply, `${request.tenant.pathPrefix}/?lang=${locale}`)

  app.get('/acceptinvite', async (request, reply) => {
    const locale = pageLocale(request)
    const code = codeOf((request.query as { code?: unknown }).code)
    if (!code) return home(request, reply, locale)
    if (await cookieSession(request)) {
      return redirect(reply, `${request.tenant.pathPrefix}/invitation/${code}?lang=${locale}`)
    }
    return signInToAccept(request, reply, code, locale)
  })

  app.get('/logoutandacceptinvite', async (request, reply) => {
    const locale = pageLocale(request)
    const code = codeOf((request.query as { code?: unknown }).code)
    if (!code) return home(request, reply, locale)
    if (!(await cookieSession(request))) return signInToAccept(request, reply, code, locale)
    if (isOwnNavigation(request)) return logOutToAccept(request, reply, code, locale)
    return sendLogoutConfirmation(request, reply, deps, 200, code, locale)
  })

  app.post('/logoutandacceptinvite', { schema: { body: logoutForm } }, async (request, reply) => {
    const form = request.body as z.output<typeof logoutForm>
    const locale = isLocale(form?.locale) ? form.locale : pageLocale(request)
    const code = codeOf(form?.code)
    if (!code) return home(request, reply, locale)
    if (isForeignPost(request)) {
      const error = crossSiteMessage(deps.i18n(locale))
      return sendLogoutConfirmation(request, reply, deps, 403, code, locale, error)
    }
    return logOutToAccept(request, reply, code, locale)
  })
}
