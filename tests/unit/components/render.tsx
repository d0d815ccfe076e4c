import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

/** Renders a component to HTML in English, with the source messages. */
export function render(node: ReactNode): string {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
  return renderToStaticMarkup(<I18nProvider i18n={i18n}>{node}</I18nProvider>)
}

/** The text of some HTML, tags dropped and whitespace collapsed, for asserting what is read. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}
