import type { Temporal } from 'temporal-polyfill'
import type { Locale } from '../../src/domain/locale'

/** Where and when a mail is queued: the language it is written in, the portal root its links open, the time. */
export interface MailContext {
  locale: Locale
  portalUrl: string
  now: Temporal.Instant
}
