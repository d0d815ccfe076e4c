import { loadServerI18n, type ServerI18n } from '../../../server/i18n/catalogs'
import type { Locale } from './portal'

/** A locale's texts: a message id, with its values, to the text the portal shows. */
export type Catalog = (id: string, values?: Record<string, unknown>) => string

let loading: Promise<ServerI18n> | undefined

/**
 * The portal's own catalog of a locale, read from the PO files as the server reads them, so that a journey
 * walked in every locale finds its buttons by their translated names without a second copy of the texts.
 */
export async function catalog(locale: Locale): Promise<Catalog> {
  loading ??= loadServerI18n()
  const i18n = (await loading)(locale)
  return (id, values) => i18n._(id, values)
}
