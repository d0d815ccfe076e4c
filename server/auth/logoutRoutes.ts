import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { isLocale, type Locale } from '../../src/domain/locale'
import { pageLocale } from '../i18n/pageLocale'
import { html } from '../pages/html'
import { renderPage } from '../pages/layout'
import { isCrossSite, isOwnNavigation } from './formOrigin'
import type { LoginPageDeps } from './loginRoutes'
import { crossSiteMessage } from './loginRoutes'
import { endSession } from './sessions'

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
  const prefix = request.tenant.pathPrefix
  const title = i18n._({ id: 'logout_page.title', message: 'Log out?' })
  const page = renderPage({
    locale,
    title: `${title} – ${request.tenant.config.name}`,
    brand: request.tenant.config.name,
    tenant: request.tenant.config,
    body: html`<h1>${title}</h1>
      ${error ? html`<div class="error" role="alert">${error}</div>` : ''}
      <p>
        ${i18n._({
          id: 'logout_page.text',
          message: 'Do you want to log out of the passenger portal on this device?',
        })}
      </p>
      <form method="post" action="${prefix}/logout">
        <input type="hidden" name="locale" value="${locale}" />
        <button class="button" type="submit">${i18n._({ id: 'menu.logout', message: 'Log out' })}</button>
      </form>
      <p>
        <a class="standalone" href="${prefix}/?lang=${locale}"
          >${i18n._({ id: 'login.back', message: 'Back to the portal' })}</a
        >
      </p>`,
  })
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page)
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
    if (isCrossSite(request)) {
      const pageLanguage = isLocale(locale) ? locale : pageLocale(request)
      const error = crossSiteMessage(deps.i18n(pageLanguage))
      return sendLogoutConfirmation(request, reply, deps, 403, pageLanguage, error)
    }
    return logOut(request, reply, locale)
  })
}
