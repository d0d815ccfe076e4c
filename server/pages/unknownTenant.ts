import type { I18n } from '@lingui/core'
import type { Locale } from '../../src/domain/locale'
import { tenants } from '../../tenants'
import { html } from './html'
import { renderPage } from './layout'

/** The 404 page of an address that names no transport service. */
export function renderUnknownTenantPage(i18n: I18n, locale: Locale, requested: string): string {
  const title = i18n._({ id: 'tenant.unknown_title', message: 'Service not found' })
  return renderPage({
    locale,
    title,
    brand: i18n._({ id: 'tenant.unknown_brand', message: 'Passenger transport portal' }),
    tenant: tenants.default,
    body: html`<h1>${title}</h1>
      <p>
        ${i18n._({
          id: 'tenant.unknown_message',
          message:
            'No transport service is available at this address ({requested}). Check the address you used.',
          values: { requested },
        })}
      </p>`,
  })
}
