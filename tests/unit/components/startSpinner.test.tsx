// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { I18nProvider } from '@lingui/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { activateCatalog } from '../../../src/app/startup/i18n'
import { StartupSpinner } from '../../../src/components/shell/StartupSpinner'

/** The element's markup as the browser's parser leaves it, so both sides are compared the same way. */
const parsed = (html: string, selector: string) => {
  const holder = document.createElement('div')
  holder.innerHTML = html
  const found = holder.querySelector(selector)
  if (!found) throw new Error(`No ${selector} in ${html}`)
  // Whitespace between tags is the formatter's, not the page's.
  return found.outerHTML.replace(/>\s+</g, '><')
}

describe('the start-up spinner index.html paints before any script', () => {
  it('is the spinner React shows at start, without its name (which needs the page’s language)', async () => {
    const i18n = await activateCatalog('en').ready
    const rendered = renderToStaticMarkup(
      <I18nProvider i18n={i18n}>
        <StartupSpinner />
      </I18nProvider>,
    )
    const page = readFileSync('index.html', 'utf8')
    expect(parsed(page, '#root svg')).toBe(parsed(rendered, 'svg'))
    // The same frame around it (React's wraps the picture in its status with the name), so nothing moves.
    const frameOf = (html: string, selector: string) =>
      parsed(html, selector).replace(/<(span|svg)[\s\S]*<\/\1>/, '')
    expect(frameOf(page, '#root > div')).toBe(frameOf(rendered, 'div'))
  })
})
