/**
 * Fails when the PO catalogs are out of date with the source: a message added, removed or reworded in code but
 * not extracted. It extracts (leaving the updated catalogs in place to commit) and compares with what was there.
 */
import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { locales } from '../../src/domain/locale'

const files = locales.map((locale) => `locales/${locale}/messages.po`)
const read = () => files.map((file) => readFileSync(file, 'utf8'))

const before = read()
execSync('npx lingui extract --clean --overwrite', { stdio: 'ignore' })
const changed = read()
  .map((text, index) => (text === before[index] ? null : files[index]))
  .filter((file) => file !== null)

if (changed.length > 0) {
  console.error(`Catalogs were out of date with the source and have been re-extracted: ${changed.join(', ')}`)
  console.error('Translate any new messages in fi and sv, then commit the catalogs.')
  process.exit(1)
}
console.log('Catalogs are up to date with the source.')
