import { randomBytes } from 'node:crypto'
import type { TrackingLink } from '../../src/contract/tracking'
import { linkWindow } from '../../src/domain/tracking/linkWindow'
import type { TrackingLinkRow } from '../db/repositories/trackingLinks'
import type { TripProjection } from '../domain/tripProjection'
import { zonedIso } from '../domain/tripView'

/** A new link: 128 random bits, base64url (22 characters), the link's only secret. */
export function newLinkToken(): string {
  return randomBytes(16).toString('base64url')
}

/** A link as the API shows it, with the window its trip gives it now. */
export function toTrackingLink(row: TrackingLinkRow, trip: TripProjection, timeZone: string): TrackingLink {
  const window = linkWindow(trip)
  return {
    link: row.link,
    id: row.trip_id,
    date: row.date,
    validFrom: zonedIso(window.validFrom, timeZone),
    validUntil: zonedIso(window.validUntil, timeZone),
  }
}
