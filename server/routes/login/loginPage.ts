import type { I18n } from '@lingui/core'
import type { Locale } from '../../../src/domain/locale'
import { html } from '../../pages/html'
import { languageLinks } from '../../pages/languageLinks'
import { renderPage } from '../../pages/layout'
import type { RequestTenant } from '../../plugins/tenant'

export interface LoginPageOptions {
  locale: Locale
  tenant: RequestTenant
  /** Whether strong authentication (OpenID Connect) is configured. */
  strongAuth: boolean
  /** Whether "Forgot your password?" shows (the deployment sends mail). */
  recovery: boolean
  /** An already translated error to announce above the form. */
  error?: string
  /** The username typed before a failed attempt. */
  userName?: string
  /** Already translated paragraphs on why the user logs in (an invitation to accept). */
  notice?: readonly string[]
}

/** The server-rendered login page in the tenant's colours: strong authentication, or username and password. */
export function renderLoginPage(i18n: I18n, options: LoginPageOptions): string {
  const { locale, tenant } = options
  const prefix = tenant.pathPrefix
  const title = i18n._({ id: 'login.title', message: 'Log in' })
  const error = options.error
  const invalid = error ? html` aria-invalid="true" aria-describedby="login-error"` : ''
  const strong = options.strongAuth
    ? html`<section aria-labelledby="strong-heading">
          <h2 id="strong-heading">
            ${i18n._({ id: 'login.strong_heading', message: 'Strong authentication' })}
          </h2>
          <p class="muted">
            ${i18n._({
              id: 'login.strong_description',
              message: 'Identify yourself with your online banking credentials or a mobile certificate.',
            })}
          </p>
          <a class="button" href="${prefix}/login/strong?locale=${locale}"
            >${i18n._({
              id: 'login.strong_button',
              message: 'Log in with strong authentication',
            })}</a
          >
        </section>
        <hr />`
    : ''
  return renderPage({
    locale,
    title: `${title} – ${tenant.config.name}`,
    brand: tenant.config.name,
    tenant: tenant.config,
    body: html`<h1>${title}</h1>
      ${(options.notice ?? []).map((paragraph) => html`<p>${paragraph}</p>`)}
      ${error ? html`<div class="error" role="alert" id="login-error">${error}</div>` : ''} ${strong}
      <section aria-labelledby="password-heading">
        <h2 id="password-heading">
          ${i18n._({ id: 'login.password_heading', message: 'Username and password' })}
        </h2>
        <form method="post" action="${prefix}/login">
          <input type="hidden" name="locale" value="${locale}" />
          <label for="username">${i18n._({ id: 'login.username', message: 'Username' })}</label>
          <input
            id="username"
            name="username"
            autocomplete="username"
            autocapitalize="none"
            spellcheck="false"
            required
            value="${options.userName ?? ''}"
            ${invalid}
          />
          <label for="password">${i18n._({ id: 'login.password', message: 'Password' })}</label>
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="current-password"
            required${invalid}
          />
          <button class="button" type="submit">${i18n._({ id: 'login.submit', message: 'Log in' })}</button>
        </form>
        ${
          options.recovery
            ? html`<p>
                <a class="standalone" href="${prefix}/login/forgot?locale=${locale}"
                  >${i18n._({ id: 'login.forgot_title', message: 'Forgot your password?' })}</a
                >
              </p>`
            : ''
        }
      </section>
      <hr />
      ${languageLinks(i18n, locale, (other) => `${prefix}/login?locale=${other}`)}
      <p>
        <a class="standalone" href="${prefix}/?lang=${locale}"
          >${i18n._({ id: 'login.back', message: 'Back to the portal' })}</a
        >
      </p>`,
  })
}
