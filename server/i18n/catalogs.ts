import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { formatter } from '@lingui/format-po'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { locales, type Locale } from '../../src/domain/locale'

export type ServerI18n = (locale: Locale) => I18n

const defaultLocalesDir = fileURLToPath(new URL('../../locales', import.meta.url))

/** A locale's translated messages; untranslated entries are left out so the descriptor's English message shows. */
async function loadMessages(localesDir: string, locale: Locale): Promise<Messages> {
  const filename = `${localesDir}/${locale}/messages.po`
  let content: string
  try {
    content = await readFile(filename, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
    throw error
  }
  const catalog = await formatter({ explicitIdAsDefault: true }).parse(content, {
    locale,
    sourceLocale: 'en',
    filename,
  })
  const messages: Messages = {}
  for (const [id, entry] of Object.entries(catalog)) {
    const text = entry.translation || (locale === 'en' ? entry.message : undefined)
    if (text) messages[id] = compileMessage(text)
  }
  return messages
}

/**
 * Loads the PO catalogs once at start and gives one Lingui instance per locale. Server code translates with
 * plain descriptors, `i18n._({ id: 'login.title', message: 'Log in' })`, which `lingui extract` also finds.
 */
export async function loadServerI18n(localesDir = defaultLocalesDir): Promise<ServerI18n> {
  const instances = new Map<Locale, I18n>()
  for (const locale of locales) {
    const i18n = setupI18n({ locale, messages: { [locale]: await loadMessages(localesDir, locale) } })
    // Compiles the English fallback of a message the catalog lacks.
    i18n.setMessagesCompiler(compileMessage)
    instances.set(locale, i18n)
  }
  return (locale) => instances.get(locale) ?? instances.get('en')!
}
