import { Temporal } from 'temporal-polyfill'
import { defaultLocaleForHost, type Locale } from '../../src/domain/locale'
import { getTenant, type TenantId } from '../../tenants'
import { deliveryPolicy, type NotificationData } from './notificationData'

/**
 * How long a notification by e-mail may wait in the mail outbox (a relay that is down) before it is pointless,
 * from `now` when it was caused. A mail is read later than a push is seen, so a live alert keeps an hour (at least
 * its push's time); a change of a trip or a booking's decision until the trip starts (it says what to do before);
 * the evening reminder until its first trip; a message a week. Null: not sent by e-mail (a test is push only, and
 * a trip already started is no news by mail).
 */
export function emailExpiry(data: NotificationData, now: Temporal.Instant): Temporal.Instant | null {
  const startOf = (at: string) => Temporal.Instant.from(at)
  let until: Temporal.Instant
  switch (data.kind) {
    case 'test':
      return null
    case 'eta':
    case 'waiting':
    case 'pickedUp':
    case 'droppedOff':
    case 'noShow':
      until = now.add({ seconds: Math.max(deliveryPolicy[data.kind].ttlSeconds, 60 * 60) })
      break
    case 'message':
      until = now.add({ hours: 7 * 24 })
      break
    case 'reminder': {
      const first = data.trips.map((trip) => startOf(trip.startAt)).sort(Temporal.Instant.compare)[0]
      if (!first) return null
      until = first
      break
    }
    default:
      until = startOf(data.startAt)
  }
  return Temporal.Instant.compare(until, now) > 0 ? until : null
}

/**
 * What a mail to a user who never said falls back to (`users.locale`, `users.portal_url` null): the language and
 * portal root of the tenant's first production host, as the tenant's time zone does (server/time/timeZone.ts).
 */
export function tenantMailDefaults(tenant: TenantId): { locale: Locale; portalUrl: string } {
  const host = getTenant(tenant).hosts[0] ?? ''
  return { locale: defaultLocaleForHost(host), portalUrl: `https://${host}` }
}
