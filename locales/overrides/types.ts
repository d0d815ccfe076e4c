import type { Locale } from '../../src/domain/locale'

/**
 * Texts a tenant's variant replaces, per locale: message id -> plain text. Plain text only (no ICU
 * placeholders), since these are applied over the compiled catalog as they are.
 */
export type TextOverrides = Readonly<Record<Locale, Readonly<Record<string, string>>>>
