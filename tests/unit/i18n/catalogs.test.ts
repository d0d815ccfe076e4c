import { readFileSync } from 'node:fs'
import { formatter } from '@lingui/format-po'
import { describe, expect, it } from 'vitest'
import { locales } from '../../../src/domain/locale'

type Catalog = Record<string, { translation?: string; message?: string }>

async function load(locale: string): Promise<Catalog> {
  const po = formatter({ explicitIdAsDefault: true })
  const text = readFileSync(`locales/${locale}/messages.po`, 'utf8')
  return (await po.parse(text, { locale, sourceLocale: 'en', filename: `${locale}.po` })) as Catalog
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]).sort()

/** Proper nouns and forms that read the same in every language. */
const sameInEveryLanguage = new Set(['Suomeksi', 'In English', 'På svenska'])

describe('translation catalogs', async () => {
  const catalogs = Object.fromEntries(
    await Promise.all(locales.map(async (l) => [l, await load(l)] as const)),
  )
  const english = catalogs.en!
  const ids = Object.keys(english)

  it('has messages', () => {
    expect(ids.length).toBeGreaterThan(0)
  })

  it.each(locales)('%s has every message, translated, with the same placeholders as English', (locale) => {
    const catalog = catalogs[locale]!
    expect(Object.keys(catalog).sort()).toEqual([...ids].sort())
    for (const id of ids) {
      const translation = catalog[id]?.translation ?? ''
      expect(translation.trim(), `${locale}: ${id}`).not.toBe('')
      expect(placeholders(translation), `${locale}: ${id} placeholders`).toEqual(
        placeholders(english[id]?.translation ?? ''),
      )
    }
  })

  it.each(['fi', 'sv'] as const)('%s is written in its own language, not copied from English', (locale) => {
    const copied = ids.filter((id) => {
      const source = english[id]?.translation ?? ''
      return (
        /\s/.test(source.trim()) &&
        !sameInEveryLanguage.has(source) &&
        catalogs[locale]![id]?.translation === source
      )
    })
    expect(copied).toEqual([])
  })
})
