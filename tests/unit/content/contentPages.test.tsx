import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import type { ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { getTenant } from '../../../tenants'
import { EnvironmentProvider } from '../../../src/app/environment'
import AccessibilityReport from '../../../src/content/accessibility/AccessibilityReport'
import AccessibilityReportKeusote from '../../../src/content/accessibility/AccessibilityReportKeusote'
import { HomeInfoList, HomeIntro } from '../../../src/content/home/HomeTexts'
import PrivacyGeneral from '../../../src/content/privacy/PrivacyGeneral'
import PrivacyKeusote from '../../../src/content/privacy/PrivacyKeusote'

/** Renders with an empty catalog, so the English source messages show (and any locale formats its dates). */
function render(Component: ComponentType, { locale = 'en', tenantId = 'demo' } = {}): string {
  const i18n = setupI18n({ locale, messages: { [locale]: {} } })
  const environment = {
    tenant: getTenant(tenantId),
    pathPrefix: '',
    hostname: `${tenantId}.localhost`,
    devHost: true,
    timeZone: 'Europe/Helsinki',
  }
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <EnvironmentProvider value={environment}>
        <Component />
      </EnvironmentProvider>
    </I18nProvider>,
  )
}

const headingLevels = (html: string) => [...html.matchAll(/<h([1-6])\b/g)].map((match) => Number(match[1]))
const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1] ?? '')

const pages = { PrivacyGeneral, PrivacyKeusote, AccessibilityReport, AccessibilityReportKeusote }

describe.each(Object.entries(pages))('%s', (_name, Page) => {
  const html = render(Page)

  it('is one article with one h1 and no skipped heading levels', () => {
    expect(html.startsWith('<article')).toBe(true)
    const levels = headingLevels(html)
    expect(levels[0]).toBe(1)
    expect(levels.filter((level) => level === 1)).toHaveLength(1)
    levels.forEach((level, index) => {
      if (index > 0) expect(level).toBeLessThanOrEqual(levels[index - 1]! + 1)
    })
  })

  it('names the tenant operator and renders every message (no raw placeholders)', () => {
    expect(html).toContain('Demo')
    expect(html).not.toMatch(/\{\w+\}|<\/?\d+>/)
  })
})

describe('statement dates read D.M.YYYY in every locale (spec section 9)', () => {
  it.each([
    [PrivacyGeneral, 'en', '30.9.2025'],
    [PrivacyKeusote, 'fi', '30.9.2025'],
    [AccessibilityReport, 'sv', '25.1.2023'],
    [AccessibilityReport, 'en', '25.1.2023'],
    [AccessibilityReportKeusote, 'en', '23.2.2024'],
  ] as const)('%o in %s shows %s', (Page, locale, expected) => {
    expect(render(Page, { locale })).toContain(`>${expected}</time>`)
  })
})

describe('Keusote privacy statement', () => {
  const html = render(PrivacyKeusote)
  const fieldsets = html.split('<fieldset').slice(1)

  it('answers each question with a legend and two disabled checkboxes', () => {
    const answers = fieldsets.map((fieldset) => {
      expect(fieldset).toMatch(/<legend[^>]*>[^<]+\?<\/legend>/)
      const boxes = [...fieldset.matchAll(/<label[^>]*><input type="checkbox"([^>]*)\/>(\w+)<\/label>/g)]
      expect(boxes.map((box) => box[2])).toEqual(['Yes', 'No'])
      boxes.forEach((box) => expect(box[1]).toContain('disabled=""'))
      return boxes.find((box) => box[1]!.includes('checked=""'))?.[2]
    })
    // Outside the EEA: no; automated decisions: no; disclosed: yes, to the transport operator only.
    expect(answers).toEqual(['No', 'No', 'Yes'])
    expect(fieldsets[2]).toContain('Only to the transport operator Demo')
  })

  it('links to the county by email, phone and web site', () => {
    const links = hrefs(html)
    expect(links.filter((href) => href.startsWith('mailto:'))).toHaveLength(2)
    expect(links.some((href) => /^tel:\+358\d+$/.test(href))).toBe(true)
    expect(links).toContain('https://www.keusote.fi')
  })
})

describe('accessibility statements', () => {
  it('give feedback two weeks and the supervisory authority with working links', () => {
    const html = render(AccessibilityReport)
    expect(html).toContain('within two weeks')
    expect(hrefs(html)).toEqual(
      expect.arrayContaining([
        'https://www.saavutettavuusvaatimukset.fi',
        'mailto:saavutettavuus@avi.fi',
        'tel:+358295016000',
      ]),
    )
  })
})

describe('home texts', () => {
  it('keeps the title and slogan ids the th variant overrides', () => {
    const i18n = setupI18n({
      locale: 'en',
      messages: { en: { 'home.title': 'Override', 'home.slogan': 'Slogan' } },
    })
    const environment = {
      tenant: getTenant('demo'),
      pathPrefix: '',
      hostname: 'x',
      devHost: false,
      timeZone: 'Europe/Helsinki',
    }
    const html = renderToStaticMarkup(
      <I18nProvider i18n={i18n}>
        <EnvironmentProvider value={environment}>
          <HomeIntro />
        </EnvironmentProvider>
      </I18nProvider>,
    )
    expect(html).toMatch(/<h1 [^>]*>Override<\/h1>/)
    expect(html).toContain('>Slogan</p>')
  })

  it.each([
    ['demo', true],
    ['helpbus', false],
  ] as const)('mentions booking on %s only when the tenant books (%s)', (tenantId, books) => {
    expect(render(HomeIntro, { tenantId }).includes('book rides')).toBe(books)
  })

  it('lists the practical notes under an h2', () => {
    const html = render(HomeInfoList)
    expect(headingLevels(html)).toEqual([2])
    expect(html).toContain('text message')
    expect(html).toContain('two weeks ahead')
  })
})
