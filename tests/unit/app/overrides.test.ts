import { readFileSync } from 'node:fs'
import { formatter } from '@lingui/format-po'
import { describe, expect, it } from 'vitest'
import { overrides } from '../../../locales/overrides/th'
import { withOverrides } from '../../../src/app/startup/i18n'
import { locales } from '../../../src/domain/locale'

async function englishIds(): Promise<Set<string>> {
  const text = readFileSync('locales/en/messages.po', 'utf8')
  const catalog = (await formatter({ explicitIdAsDefault: true }).parse(text, {
    locale: 'en',
    sourceLocale: 'en',
    filename: 'en.po',
  })) as Record<string, unknown>
  return new Set(Object.keys(catalog))
}

describe('the th text variant', () => {
  const ids = new Set(Object.values(overrides).flatMap((messages) => Object.keys(messages)))

  it('overrides something', () => {
    expect(ids.size).toBeGreaterThan(0)
  })

  it('overrides only messages of the English catalog', async () => {
    const english = await englishIds()
    expect([...ids].filter((id) => !english.has(id))).toEqual([])
  })

  it.each(locales)('has every overridden message in %s, as plain non-empty text', (locale) => {
    for (const id of ids) {
      const text = overrides[locale][id]
      expect(text?.trim(), `${locale}: ${id}`).toBeTruthy()
      // Applied over the compiled catalog as they are, so no ICU placeholders.
      expect(text, `${locale}: ${id}`).not.toMatch(/[{}]/)
    }
  })

  it('replaces the catalog’s text and keeps the rest', () => {
    const messages = withOverrides(
      { 'home.title': 'Passenger portal', 'home.login': 'Log in' },
      overrides,
      'en',
    )
    expect(messages['home.title']).toBe(overrides.en['home.title'])
    expect(messages['home.login']).toBe('Log in')
    expect(withOverrides({ a: 'b' }, null, 'fi')).toEqual({ a: 'b' })
  })
})
