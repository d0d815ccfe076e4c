import ical, { ICalEventStatus } from 'ical-generator'
import { Temporal } from 'temporal-polyfill'
import type { TripAddress } from '../../src/contract/trip'
import { streetAddress } from '../../src/domain/tracking/linkPrivacy'
import { firstName } from '../../src/domain/tracking/passengerName'
import { isCancelled, isNoShow } from '../../src/domain/trips/cancellation'
import type { TripBody } from '../domain/tripView'
import { escapeText, icsStream } from './icsText'
import { vtimezone } from './vtimezone'

/** A trip of the feed with the name of its passenger. */
export interface FeedTrip {
  passengerName: string
  trip: TripBody
}

export interface FeedCalendar {
  /** The calendar's name, in the feed's language. */
  name: string
  /** What a no-show trip's event says, in the feed's language. */
  noShow: string
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

/** How often calendar apps that read it should poll: about hourly rather than daily. */
const refreshInterval = 'PT1H'

/** The lines of a component written apart (the VTIMEZONE, an event), without a CRLF after the last. */
const linesOf = (component: string) => component.replace(/\r\n$/, '').split('\r\n')

/**
 * The feed as iCalendar text (RFC 5545): the calendar's properties, then its components: the tenant zone's
 * VTIMEZONE and one event per trip, its times in that zone; a cancelled trip, or a no-show described as one, as
 * STATUS:CANCELLED. ical-generator writes the events (escaping their text, but not the UID, which is escaped here);
 * the calendar around them is written here, as ical-generator puts some of its properties after the events and
 * no CRLF after END:VCALENDAR. Nothing in it depends on the moment it is written but the window (DTSTAMP is the
 * window's start), so the same trips give the same bytes and the same ETag.
 */
export function feedIcs(feed: FeedCalendar): string {
  const { timeZone } = feed
  // No calendar-wide zone: ical-generator would then write DTSTAMP in local time, which RFC 5545 wants in UTC.
  const events = ical()
  const stamp = feed.from.toZonedDateTimeISO('UTC')
  const zoned = (iso: string) => Temporal.Instant.from(iso).toZonedDateTimeISO(timeZone)
  const vevents = feed.trips.map(({ passengerName, trip }) => {
    const from = placeName(trip.startAddress, trip.startPlace)
    const to = placeName(trip.endAddress, trip.endPlace)
    const noShow = isNoShow(trip)
    return events.createEvent({
      id: escapeText(eventUid(trip.id, trip.date, feed.tenantId)),
      stamp,
      start: zoned(trip.startDateTime),
      end: zoned(trip.endDateTime),
      timezone: timeZone,
      summary: `${firstName(passengerName)}: ${from} → ${to}`,
      location: from,
      description: noShow ? feed.noShow : null,
      status: isCancelled(trip) || noShow ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      url: `${feed.portalUrl}/trips/${encodeURIComponent(trip.id)}/${trip.date}`,
    })
  })
  return icsStream([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//portal//calendar-feed//EN',
    `NAME:${escapeText(feed.name)}`,
    `X-WR-CALNAME:${escapeText(feed.name)}`,
    `X-WR-TIMEZONE:${escapeText(timeZone)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${refreshInterval}`,
    `X-PUBLISHED-TTL:${refreshInterval}`,
    ...linesOf(vtimezone(timeZone, feed.from, feed.to)),
    ...vevents.flatMap((event) => linesOf(event.toString())),
    'END:VCALENDAR',
  ])
}
