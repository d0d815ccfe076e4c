import type { I18n } from '@lingui/core'
import type { Locale } from '../../../src/domain/locale'
import { tenants } from '../../../tenants'
import { fullName, testIdentities } from '../identities'
import { html } from '../../pages/html'
import { renderPage } from '../../pages/layout'
import { testIdpMountPath } from './provider'

/** The test provider's sign-in page: one button per test identity, and a way back without signing in. */
export function renderInteractionPage(i18n: I18n, locale: Locale, uid: string): string {
  const brand = i18n._({ id: 'idp.brand', message: 'Test identification service' })
  const title = i18n._({ id: 'idp.title', message: 'Choose a test identity' })
  const base = `${testIdpMountPath}/interaction/${encodeURIComponent(uid)}`
  const choices = testIdentities.map(
    (identity) =>
      html`<li>
        <form method="post" action="${base}/login">
          <input type="hidden" name="identity" value="${identity.subject}" />
          <button class="button" type="submit">
            ${i18n._({
              id: 'idp.identify_as',
              message: 'Identify as {name}',
              values: { name: fullName(identity) },
            })}
          </button>
        </form>
      </li>`,
  )
  return renderPage({
    locale,
    title: `${title} – ${brand}`,
    brand,
    tenant: tenants.default,
    body: html`<h1>${title}</h1>
      <p>
        ${i18n._({
          id: 'idp.intro',
          message:
            'This test service stands in for bank identification in the demo portal. No real identity is checked: choose whom to identify as.',
        })}
      </p>
      <ul class="choices">
        ${choices}
      </ul>
      <form method="post" action="${base}/abort">
        <button class="button secondary" type="submit">
          ${i18n._({ id: 'idp.cancel', message: 'Cancel and return' })}
        </button>
      </form>`,
  })
}
