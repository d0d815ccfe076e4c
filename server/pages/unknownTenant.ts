import type { I18n } from '@lingui/core'
import type { Locale } from '../../src/domain/locale'
import { tenants } from '../../tenants'
import { html } from './html'
import { renderPage } from './layout'

/** The 404 page of an address that names no transport service. */
export function renderUnknownTenantPage(i18n: I18n, locale: Locale, requested: string): string {
  // The same ids and texts as the portal's own unknown-operator page (src/app/startup/UnknownTenant.tsx).
  const title = i18n._({ id: 'app.unknown_tenant.title', message: 'Unknown transport operator' })
  return renderPage({
    locale,
    title,
    brand: i18n._({ id: 'tenant.unknown_brand', message: 'Passenger transport portal' }),
    tenant: tenants.default,
    body: html`<h1>${title}</h1>
      <p>
        ${i18n._({
          id: 'app.unknown_tenant.text',
          message:
            'There is no passenger portal at the address {requested}. Check the address you were given by your transport operator.',
          values: { requested },
        })}
      </p>`,
  })
}
