import type { TenantConfig } from '../../tenants'
import type { Locale } from '../../src/domain/locale'
import { html, SafeHtml } from './html'

export interface PageOptions {
  locale: Locale
  /** The document title, e.g. "Log in – Espoon asiointiliikenne". */
  title: string
  /** Shown in the top bar. */
  brand: string
  /** Colours; pages of an unknown tenant use the default tenant's. */
  tenant: TenantConfig
  body: SafeHtml
}

/**
 * Styles of the server-rendered pages: the tenant's colours, 24 px targets, visible focus, no scripts. A long word
 * breaks rather than push the page sideways at large text sizes (WCAG 1.4.4, 1.4.10).
 */
function styles(tenant: TenantConfig): string {
  const c = tenant.theme.colors
  return `
:root { color-scheme: ${tenant.theme.dark ? 'dark' : 'light'}; }
* { box-sizing: border-box; }
body { margin: 0; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: ${c.background}; color: ${c.text}; overflow-wrap: anywhere; -webkit-hyphens: auto; hyphens: auto; }
.bar { background: ${c.primary}; color: ${c.onPrimary}; padding: 0.75rem 1rem; }
.bar p { margin: 0; font-size: 1.25rem; font-weight: 600; }
main { max-width: 30rem; margin: 1.5rem auto; padding: clamp(1rem, 5vw, 1.5rem); background: ${c.surface}; border-radius: 0.5rem; }
h1 { font-size: 1.75rem; margin: 0 0 1rem; }
h2 { font-size: 1.25rem; margin: 1.5rem 0 0.5rem; }
p { margin: 0 0 0.75rem; }
.muted { color: ${c.muted}; }
a { color: ${c.link}; text-underline-offset: 0.15em; }
a, button, input { min-height: 1.5rem; }
label { display: block; font-weight: 600; margin: 0.75rem 0 0.25rem; }
input { display: block; width: 100%; padding: 0.625rem 0.75rem; font: inherit; color: ${c.text}; background: ${c.surface}; border: 2px solid ${c.muted}; border-radius: 0.375rem; }
.button { display: inline-flex; align-items: center; justify-content: center; min-height: 2.75rem; min-width: 100%; margin-top: 1rem; padding: 0.5rem 1rem; font: inherit; font-weight: 600; border: 2px solid ${c.link}; border-radius: 0.375rem; background: ${c.primary}; color: ${c.onPrimary}; text-decoration: none; cursor: pointer; }
.button.secondary { background: ${c.surface}; color: ${c.link}; }
:focus-visible { outline: 3px solid ${c.link}; outline-offset: 2px; }
.error { margin: 0 0 1rem; padding: 0.75rem 1rem; border: 2px solid #8a1c14; border-radius: 0.375rem; background: #fdecea; color: #5c130d; }
.languages ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; list-style: none; padding: 0; margin: 0.5rem 0 0; }
.languages a, a.standalone { display: inline-block; padding: 0.25rem 0; }
.languages a[aria-current="true"] { font-weight: 700; }
.choices { list-style: none; padding: 0; margin: 0; }
.choices li { margin: 0 0 0.75rem; }
hr { border: 0; border-top: 1px solid ${c.muted}; margin: 1.5rem 0; }
`
}

export function renderPage(options: PageOptions): string {
  return `<!doctype html>\n${
    html`<html lang="${options.locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${options.title}</title>
        <style>
          ${new SafeHtml(styles(options.tenant))}
        </style>
      </head>
      <body>
        <header class="bar"><p>${options.brand}</p></header>
        <main>${options.body}</main>
      </body>
    </html>`.value
  }`
}
