import ical, { ICalEventStatus } from 'ical-generator'
import { Temporal } from 'temporal-polyfill'
import type { TripAddress } from '../../src/contract/trip'
import { streetAddress } from '../../src/domain/tracking/linkPrivacy'
import { firstName } from '../../src/domain/tracking/passengerName'
import { isCancelled } from '../../src/domain/trips/cancellation'
import type { TripBody } from '../domain/tripView'
import { vtimezone } from './vtimezone'

/** A trip of the feed with the name of its passenger. */
export interface FeedTrip {
  passengerName: string
  trip: TripBody
}

export interface FeedCalendar {
  /** The calendar's name, in the feed's language. */
  name: string
  tenantId: string
  timeZone: string
  /** The feed's window: trips starting in it, and the zone's changes in it. */
  from: Temporal.Instant
  to: Temporal.Instant
  /** The portal's address with the tenant's path prefix, for each trip's page. */
  portalUrl: string
  trips: readonly FeedTrip[]
}

/**
 * What the feed calls a stop: a saved place by its alias (the guardian's own name for it, "Koti"), else its street
 * address without the apartment. A calendar is often shared or shown on a lock screen: no more than that.
 */
export function placeName(address: TripAddress, savedPlace: string | null): string {
  return savedPlace !== null && address.alias ? address.alias : streetAddress(address.address)
}

/** Stable per trip and date, so a calendar app updates its event rather than adding another. */
export const eventUid = (tripId: string, date: string, tenantId: string) =>
  `${tripId}-${date}@${tenantId}.portal`

/**
 * The feed as iCalendar text (RFC 5545): one event per trip, its times in the tenant's zone with that zone's
 * VTIMEZONE, a cancelled trip as STATUS:CANCELLED. Nothing in it depends on the moment it is written but the window
 * (DTSTAMP is the window's start), so the same trips give the same bytes and the same ETag.
 */
export function feedIcs(feed: FeedCalendar): string {
  const { timeZone } = feed
  const calendar = ical({
    name: feed.name,
    prodId: { company: 'portal', product: 'calendar-feed' },
    // No calendar-wide zone name: ical-generator would then write DTSTAMP in local time, which RFC 5545 wants in
    // UTC. The events name their zone, and the generator writes its VTIMEZONE once for them.
    timezone: { name: null, generator: (zone) => vtimezone(zone, feed.from, feed.to) },
    x: { 'X-WR-TIMEZONE': timeZone },
    // Calendar apps that read it poll about hourly rather than daily.
    ttl: 60 * 60,
  })
  const stamp = feed.from.toZonedDateTimeISO('UTC')
  const zoned = (iso: string) => Temporal.Instant.from(iso).toZonedDateTimeISO(timeZone)
  for (const { passengerName, trip } of feed.trips) {
    const from = placeName(trip.startAddress, trip.startPlace)
    const to = placeName(trip.endAddress, trip.endPlace)
    calendar.createEvent({
      id: eventUid(trip.id, trip.date, feed.tenantId),
      stamp,
      start: zoned(trip.startDateTime),
      end: zoned(trip.endDateTime),
      timezone: timeZone,
      summary: `${firstName(passengerName)}: ${from} → ${to}`,
      location: from,
      status: isCancelled(trip) ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      url: `${feed.portalUrl}/trips/${encodeURIComponent(trip.id)}/${trip.date}`,
    })
  }
  return calendar.toString()
}
