import { z } from 'zod'
import { id, isoDate, isoDateTime, text, textLimits } from './common'
import { tripAddress, tripStatus, viaPoint } from './trip'

/**
 * Tracking links (spec sections 3 and 7, issue 9): a guardian or the operator shares a trip with a drivers'
 * office, which opens /track/{link} with no login. The link is the only secret: at least 128 random bits,
 * base64url. It works from `validFrom` (shortly before the trip) until `validUntil` (the trip's end plus a
 * short grace); after that, and for a revoked or unknown link, `GET api/track/{link}` answers 404.
 */

/** base64url of 16 or more random bytes: 22 characters and up. */
export const trackingLinkToken = z.string().regex(/^[A-Za-z0-9_-]{22,86}$/)

/** A tracking link (spec: link, id, date), with the window it works in. */
export const trackingLink = z.object({
  link: trackingLinkToken,
  /** The trip's id; with `date` it names the trip. */
  id,
  date: isoDate,
  validFrom: isoDateTime,
  validUntil: isoDateTime,
})
export type TrackingLink = z.infer<typeof trackingLink>

/** Which trip a link is asked for (the passenger must be the user's). */
export const trackingLinkRequest = z.object({ passengerId: id, tripId: id, date: isoDate })
export type TrackingLinkRequest = z.infer<typeof trackingLinkRequest>

export const trackingLinkParams = z.object({ link: trackingLinkToken })

/**
 * What a tracking link shows an office: the trip without contact or personal data beyond the passenger's
 * first name or initials (no phone numbers, email, driver, note, deductible or other trips).
 */
export const trackedTrip = z.object({
  id,
  date: isoDate,
  /** The passenger's first name, or their initials when the tenant prefers. */
  passengerName: text(textLimits.name),
  startDateTime: isoDateTime,
  endDateTime: isoDateTime,
  startAddress: tripAddress,
  endAddress: tripAddress,
  viaPoints: z.array(viaPoint),
  carName: text(textLimits.name).nullable(),
  carRegisterNumber: text(textLimits.code).nullable(),
  cancelledAt: isoDateTime.nullable(),
  pickupTime: isoDateTime.nullable(),
  dropoffTime: isoDateTime.nullable(),
  noShowTime: isoDateTime.nullable(),
  status: tripStatus.nullable(),
  /** When the link stops working: the screen says the trip has ended from then on. */
  validUntil: isoDateTime,
})
export type TrackedTrip = z.infer<typeof trackedTrip>
