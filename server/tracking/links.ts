import { randomBytes } from 'node:crypto'
import { errorCodes } from '../../src/contract/common'
import type { TrackingLink } from '../../src/contract/tracking'
import { linkWindow } from '../../src/domain/tracking/linkWindow'
import type { TrackingLinkRow } from '../db/repositories/trackingLinks'
import type { TripProjection } from '../domain/tripProjection'
import { zonedIso } from '../domain/tripView'
import { HttpError } from '../errors/httpError'

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

export const tripNotFound = () => new HttpError(404, errorCodes.notFound, 'Trip not found')
export const linkNotFound = () => new HttpError(404, errorCodes.notFound, 'Tracking link not found')
