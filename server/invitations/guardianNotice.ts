import type { Temporal } from 'temporal-polyfill'
import { instantDate } from '../../src/domain/dateDisplay'
import type { ServerI18n } from '../i18n/catalogs'

/**
 * A message is stored text, read by every guardian in their own language: the notice that someone joined them
 * is written in Finnish with Swedish below it (Finland's two national languages, which every tenant serves).
 */
const noticeLocales = ['fi', 'sv'] as const

/** What the guardians of a passenger are told when a travel card made someone else their co-guardian. */
export interface GuardianJoined {
  /** The new guardian's verified name. */
  guardian: string
  passenger: string
  at: Temporal.Instant
  timeZone: string
}

export function guardianJoinedMessage(catalogs: ServerI18n, joined: GuardianJoined): string {
  const values = {
    guardian: joined.guardian,
    passenger: joined.passenger,
    date: instantDate(joined.at, joined.timeZone),
  }
  return noticeLocales
    .map((locale) => {
      const i18n = catalogs(locale)
      return i18n._({
        id: 'guardian_notice.joined_by_travel_card',
        message:
          "{guardian} was added as a guardian of {passenger} on {date}, when the passenger's travel card was registered. If you do not know about this, contact the transport operator.",
        values,
      })
    })
    .join('\n\n')
}
