import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadServerI18n, type ServerI18n } from '../../server/i18n/catalogs'

/** A catalog as `lingui extract` writes it with explicit ids. */
function po(locale: string, entries: Record<string, string>): string {
  const header = `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n"Language: ${locale}\\n"\n`
  const body = Object.entries(entries).map(
    ([id, text]) => `\n#. js-lingui-explicit-id\nmsgid "${id}"\nmsgstr "${text}"\n`,
  )
  return header + body.join('')
}

describe('server translations from the PO catalogs', () => {
  let dir: string
  let i18n: ServerI18n
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-locales-'))
    for (const locale of ['fi', 'sv', 'en']) await mkdir(join(dir, locale))
    await writeFile(
      join(dir, 'fi', 'messages.po'),
      po('fi', {
        'login.title': 'Kirjaudu sisään',
        'idp.identify_as': 'Tunnistaudu: {name}',
        'login.back': '',
      }),
    )
    await writeFile(join(dir, 'en', 'messages.po'), po('en', { 'login.title': 'Sign in' }))
    // sv has no catalog file at all.
    i18n = await loadServerI18n(dir)
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('uses a translation, with placeholders', () => {
    expect(i18n('fi')._({ id: 'login.title', message: 'Log in' })).toBe('Kirjaudu sisään')
    expect(
      i18n('fi')._({ id: 'idp.identify_as', message: 'Identify as {name}', values: { name: 'Aino' } }),
    ).toBe('Tunnistaudu: Aino')
  })

  it('falls back to the English message for an empty or missing translation or catalog', () => {
    expect(i18n('fi')._({ id: 'login.back', message: 'Back to the portal' })).toBe('Back to the portal')
    expect(
      i18n('sv')._({ id: 'idp.identify_as', message: 'Identify as {name}', values: { name: 'Aino' } }),
    ).toBe('Identify as Aino')
  })

  it('takes the source catalog’s text for English', () => {
    expect(i18n('en')._({ id: 'login.title', message: 'Log in' })).toBe('Sign in')
  })
})
