import type { I18n } from '@lingui/core'
import { locales, type Locale } from '../../src/domain/locale'
import { html, type SafeHtml } from './html'

/** Each language is named in itself, as in the portal's drawer. */
const languageNames: Record<Locale, string> = { fi: 'Suomeksi', sv: 'På svenska', en: 'In English' }

/** Links that reload a page in another language; `hrefFor` builds each link's address. */
export function languageLinks(i18n: I18n, active: Locale, hrefFor: (locale: Locale) => string): SafeHtml {
  const label = i18n._({ id: 'login.language', message: 'Language' })
  const items = locales.map(
    (locale) =>
      html`<li>
        <a
          href="${hrefFor(locale)}"
          lang="${locale}"
          hreflang="${locale}"
          ${locale === active ? html` aria-current="true"` : ''}
          >${languageNames[locale]}</a
        >
      </li>`,
  )
  return html`<nav class="languages" aria-label="${label}">
    <ul>
      ${items}
    </ul>
  </nav>`
}
