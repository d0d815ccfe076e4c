import { relative } from 'node:path'
import {
  createCompilationErrorMessage,
  createCompiledCatalog,
  createMissingErrorMessage,
  getCatalogForFile,
  getCatalogs,
} from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import type { Plugin } from 'vite'
import { catalogPartOf } from './src/app/startup/catalogParts'

const partImport =
  /\.po\?part=(first|screens|followUp|booking|permissions|account|texts|settings|bookingSteps)$/

/**
 * Compiles `locales/{locale}/messages.po?part=first|screens|…|bookingSteps` into one part of the catalog (src/app/startup/catalogParts.ts),
 * as Lingui's own plugin compiles a whole `.po` import, and like it fails the build on a missing translation.
 */
export function catalogParts(): Plugin {
  const config = getConfig()
  return {
    name: 'portal-catalog-parts',
    enforce: 'pre',
    async transform(_source, id) {
      const part = partImport.exec(id)?.[1]
      if (!part) return null
      const file = id.split('?')[0]!
      const found = getCatalogForFile(
        relative(config.rootDir ?? process.cwd(), file),
        await getCatalogs(config),
      )
      if (!found) throw new Error(`${file} is no catalog of lingui.config.ts`)
      this.addWatchFile(file)
      const { messages, missing } = await found.catalog.getTranslations(found.locale, {
        // lingui.config.ts has no fallback locales (`false`), which this API spells `{}`.
        fallbackLocales: config.fallbackLocales || {},
        sourceLocale: config.sourceLocale ?? '',
      })
      if (missing.length > 0) throw new Error(createMissingErrorMessage(found.locale, missing, 'loader'))
      const picked = Object.fromEntries(
        Object.entries(messages).filter(([key]) => catalogPartOf(key) === part),
      )
      const { source, errors } = createCompiledCatalog(found.locale, picked, { namespace: 'es' })
      if (errors.length > 0) throw new Error(createCompilationErrorMessage(found.locale, errors))
      return { code: source, map: null, moduleType: 'js' }
    },
  }
}
