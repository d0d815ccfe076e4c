import type { I18n } from '@lingui/core'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Locale } from '../../../src/domain/locale'
import { html, type SafeHtml } from '../../pages/html'
import { sendTenantPage, type TenantPage } from '../../pages/tenantPage'

/** A server page whose address may carry a single-use token: no Referer leaves it with the token. */
export function sendMailPage(request: FastifyRequest, reply: FastifyReply, page: TenantPage): FastifyReply {
  return sendTenantPage(request, reply.header('referrer-policy', 'no-referrer'), page)
}

/** Paragraphs and one link onwards; an alert's text is announced. */
export function noticeBody(
  paragraphs: readonly string[],
  link: { href: string; text: string },
  alert = false,
) {
  const [first, ...rest] = paragraphs
  return html`${alert ? html`<p role="alert">${first}</p>` : html`<p>${first}</p>`}
    ${rest.map((paragraph) => html`<p>${paragraph}</p>`)}
    <p><a class="standalone" href="${link.href}">${link.text}</a></p>`
}

/** "Forgot your password?": the username or e-mail to send the instructions for. */
export function forgotForm(i18n: I18n, prefix: string, locale: Locale, error?: string): SafeHtml {
  const invalid = error ? html` aria-invalid="true" aria-describedby="forgot-error"` : ''
  return html`${error ? html`<div class="error" role="alert" id="forgot-error">${error}</div>` : ''}
    <p>
      ${i18n._({
        id: 'login.forgot_intro',
        message:
          'Enter your username or e-mail address. We will send instructions to the confirmed e-mail address of the account.',
      })}
    </p>
    <form method="post" action="${prefix}/login/forgot">
      <input type="hidden" name="locale" value="${locale}" />
      <label for="identifier"
        >${i18n._({ id: 'login.forgot_identifier', message: 'Username or e-mail' })}</label
      >
      <input
        id="identifier"
        name="identifier"
        autocomplete="username"
        autocapitalize="none"
        spellcheck="false"
        required${invalid}
      />
      <button class="button" type="submit">
        ${i18n._({ id: 'login.forgot_submit', message: 'Send instructions' })}
      </button>
    </form>
    <p>
      <a class="standalone" href="${prefix}/login?locale=${locale}"
        >${i18n._({ id: 'login.back_to_login', message: 'Back to log in' })}</a
      >
    </p>`
}

/** A reset link's form: whose password, the new one twice (the spec's rules), errors already translated. */
export function resetForm(
  i18n: I18n,
  form: { prefix: string; locale: Locale; token: string; userName: string; errors: readonly string[] },
): SafeHtml {
  const invalid = form.errors.length > 0 ? html` aria-invalid="true" aria-describedby="reset-errors"` : ''
  return html`${
      form.errors.length > 0
        ? html`<div class="error" role="alert" id="reset-errors">
            <ul>
              ${form.errors.map((error) => html`<li>${error}</li>`)}
            </ul>
          </div>`
        : ''
    }
    <p>
      ${i18n._({ id: 'login.reset_username', message: 'Username: {userName}', values: { userName: form.userName } })}
    </p>
    <form method="post" action="${form.prefix}/login/reset">
      <input type="hidden" name="locale" value="${form.locale}" />
      <input type="hidden" name="token" value="${form.token}" />
      <input type="hidden" name="username" autocomplete="username" value="${form.userName}" />
      <label for="password">${i18n._({ id: 'login.reset_password', message: 'New password' })}</label>
      <input id="password" name="password" type="password" autocomplete="new-password" required${invalid} />
      <label for="password-again"
        >${i18n._({ id: 'login.reset_password_again', message: 'New password again' })}</label
      >
      <input
        id="password-again"
        name="passwordAgain"
        type="password"
        autocomplete="new-password"
        required${invalid}
      />
      <button class="button" type="submit">
        ${i18n._({ id: 'login.reset_submit', message: 'Save the new password' })}
      </button>
    </form>`
}
