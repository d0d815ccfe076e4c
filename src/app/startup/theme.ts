import type { Theme, ThemeColors } from '../../../tenants'
import { tenantIconPath } from '../../domain/tenantIcons'

/** The CSS variables the Tailwind theme reads (tailwind.config.ts), one per theme colour. */
export const colorVariables: Record<keyof ThemeColors, string> = {
  primary: '--color-primary',
  onPrimary: '--color-on-primary',
  background: '--color-background',
  surface: '--color-surface',
  text: '--color-text',
  muted: '--color-muted',
  accent: '--color-accent',
  onAccent: '--color-on-accent',
  link: '--color-link',
}

export interface DocumentSetup {
  locale: string
  tenantId: string
  theme: Theme
  /** '' or '/espoo'. */
  pathPrefix: string
}

function headElement(document: Document, selector: string, create: () => HTMLElement): HTMLElement {
  const existing = document.head.querySelector<HTMLElement>(selector)
  if (existing) return existing
  const element = create()
  document.head.append(element)
  return element
}

/** `<html lang>`, the theme class and colours, colour scheme, manifest and icon links, theme-color meta. */
export function applyDocumentSetup(document: Document, setup: DocumentSetup): void {
  const root = document.documentElement
  root.lang = setup.locale
  root.classList.add(setup.theme.cssClassName)
  root.classList.toggle('dark', setup.theme.dark)
  for (const [key, variable] of Object.entries(colorVariables) as [keyof ThemeColors, string][]) {
    root.style.setProperty(variable, setup.theme.colors[key])
  }
  root.style.colorScheme = setup.theme.dark ? 'dark' : 'light'
  const manifest = headElement(document, 'link[rel="manifest"]', () => {
    const link = document.createElement('link')
    link.rel = 'manifest'
    return link
  })
  manifest.setAttribute('href', `${setup.pathPrefix}/manifest.webmanifest`)
  const icon = headElement(document, 'link[rel="icon"]', () => {
    const link = document.createElement('link')
    link.rel = 'icon'
    link.type = 'image/svg+xml'
    return link
  })
  icon.setAttribute('href', tenantIconPath(setup.tenantId))
  // iOS takes its home screen icon from this link, not from the manifest, and draws no SVG.
  const touchIcon = headElement(document, 'link[rel="apple-touch-icon"]', () => {
    const link = document.createElement('link')
    link.rel = 'apple-touch-icon'
    return link
  })
  touchIcon.setAttribute('href', tenantIconPath(setup.tenantId, { shape: 'full', size: 180 }))
  const themeColor = headElement(document, 'meta[name="theme-color"]', () => {
    const meta = document.createElement('meta')
    meta.name = 'theme-color'
    return meta
  })
  themeColor.setAttribute('content', setup.theme.colors.primary)
}
