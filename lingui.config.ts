import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// Explicit message ids (area.key) everywhere: they match the spec's keys, keep the PO files readable, and
// let the server translate with plain `i18n._({ id, message })` descriptors, which need no macro transform.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['fi', 'sv', 'en'],
  fallbackLocales: false,
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src', 'machines', 'workers', 'tenants', 'server'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
  ],
  format: formatter({ lineNumbers: false, origins: false, explicitIdAsDefault: true }),
  orderBy: 'messageId',
})
