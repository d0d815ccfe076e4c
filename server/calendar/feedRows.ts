import { Temporal } from 'temporal-polyfill'
import type { CalendarFeed } from '../../src/contract/notifications'
import type { CalendarFeedRow } from '../db/repositories/calendarFeeds'
import type { TenantDb } from '../db/tenantDb'
import { zonedIso, type TripBody } from '../domain/tripView'
import type { TripWindow } from '../reads/tripWindow'
import type { FeedTrip } from './feed'

/** The feed's path under the portal's address; the file name ends in .ics for calendar apps that look. */
export const feedPath = (token: string) => `/calendar/${token}.ics`

/** A feed as the API shows it: its URL on the host (and tenant prefix) the user asked from, and as webcal://. */
export function toCalendarFeed(row: CalendarFeedRow, portalUrl: string, timeZone: string): CalendarFeed {
  const url = `${portalUrl}${feedPath(row.token)}`
  return {
    url,
    webcalUrl: url.replace(/^https?:/, 'webcal:'),
    createdAt: zonedIso(row.created_at, timeZone),
  }
}

// As instants: the texts' offsets differ across a DST change.
const startOrder = (a: TripBody, b: TripBody) =>
  Temporal.Instant.compare(Temporal.Instant.from(a.startDateTime), Temporal.Instant.from(b.startDateTime))

/**
 * The trips of every passenger granted to the feed's user in the window, by start time: the trip list's own read
 * (the stored views, awaiting-approval bookings left out), so the feed shows what the portal shows.
 */
export async function feedTrips(
  db: TenantDb,
  userId: string,
  window: TripWindow,
  timeZone: string,
): Promise<FeedTrip[]> {
  const passengers = await db.passengers.listGranted(userId)
  const reads = await Promise.all(
    passengers.map((passenger) =>
      db.trips.grantedPassengerTrips(userId, passenger.id, window.from, window.to, timeZone),
    ),
  )
  return reads
    .flatMap((read) => (read ? read.trips.map((trip) => ({ passengerName: read.passenger.name, trip })) : []))
    .sort((a, b) => startOrder(a.trip, b.trip) || a.trip.id.localeCompare(b.trip.id))
}
