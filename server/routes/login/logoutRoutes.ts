import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { isLocale, type Locale } from '../../../src/domain/locale'
import { pageLocale } from '../../i18n/pageLocale'
import { sendConfirmationPage } from '../../pages/confirmationPage'
import { isForeignPost, isOwnNavigation } from '../../auth/formOrigin'
import type { LoginPageDeps } from './loginRoutes'
import { crossSiteMessage } from './loginRoutes'
import { endSession } from '../../auth/sessions'

/** The portal's form sends the locale; a client that posts nothing logs out too. */
const logoutForm = z.object({ locale: z.string().optional() }).nullish()

/** A logout a foreign page may have started asks first: a button that posts the logout form. */
function sendLogoutConfirmation(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: LoginPageDeps,
  status: number,
  locale: Locale,
  error?: string,
): FastifyReply {
  const i18n = deps.i18n(locale)
  return sendConfirmationPage(request, reply, i18n, {
    status,
    locale,
    title: i18n._({ id: 'logout_page.title', message: 'Log out?' }),
    text: i18n._({
      id: 'logout_page.text',
      message: 'Do you want to log out of the passenger portal on this device?',
    }),
    action: '/logout',
    button: i18n._({ id: 'menu.logout', message: 'Log out' }),
    error,
  })
}

async function logOut(request: FastifyRequest, reply: FastifyReply, locale: unknown) {
  await endSession(request, reply)
  const lang = isLocale(locale) ? `?lang=${locale}` : ''
  return reply
    .header('cache-control', 'no-store')
    .redirect(`${request.tenant.pathPrefix}/logged-out${lang}`, 303)
}

/**
 * POST /logout (the portal's form) logs out unless another site posted it; GET /logout?locale= (the spec's
 * navigation) logs out only when this origin's page or the user started it, and otherwise asks first.
 */
export function registerLogoutRoutes(app: FastifyInstance, deps: LoginPageDeps): void {
  app.get('/logout', async (request, reply) => {
    if (isOwnNavigation(request))
      return logOut(request, reply, (request.query as { locale?: unknown }).locale)
    return sendLogoutConfirmation(request, reply, deps, 200, pageLocale(request))
  })

  app.post('/logout', { schema: { body: logoutForm } }, async (request, reply) => {
    const locale = (request.body as z.output<typeof logoutForm>)?.locale
    if (isForeignPost(request)) {
      const pageLanguage = isLocale(locale) ? locale : pageLocale(request)
      const error = crossSiteMessage(deps.i18n(pageLanguage))
      return sendLogoutConfirmation(request, reply, deps, 403, pageLanguage, error)
    }
    return logOut(request, reply, locale)
  })
}
