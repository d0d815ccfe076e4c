import { z } from 'zod'
import { id, isoDate, isoDateTime, text, textLimits, tripId } from './common'
import { tripAddress, tripStatus, viaPoint } from './trip'

/**
 * Tracking links (spec sections 3 and 7): a guardian or the operator shares a trip with a drivers'
 * office, which opens /track/{link} with no login. The link is the only secret: at least 128 random bits,
 * base64url. It works from `validFrom` (an hour before the trip) until `validUntil` (the trip's end plus a
 * short grace, at most a few hours after its planned end) while its maker still has the passenger (a guardian's
 * link) or its key is not revoked (the operator's); after that, and for a revoked or unknown link,
 * `GET api/track/{link}` answers 404.
 */

/** base64url of 16 or more random bytes: 22 characters and up. */
export const trackingLinkToken = z.string().regex(/^[A-Za-z0-9_-]{22,86}$/)

/** A tracking link (spec: link, id, date), with the window it works in. */
export const trackingLink = z.object({
  link: trackingLinkToken,
  /** The trip's id; with `date` it names the trip. */
  id: tripId,
  date: isoDate,
  validFrom: isoDateTime,
  validUntil: isoDateTime,
})
export type TrackingLink = z.infer<typeof trackingLink>

/** Which trip a link is asked for (the passenger must be the user's). */
export const trackingLinkRequest = z.object({ passengerId: id, tripId, date: isoDate })
export type TrackingLinkRequest = z.infer<typeof trackingLinkRequest>

export const trackingLinkParams = z.object({ link: trackingLinkToken })

/**
 * A stop as a tracking link shows it (src/domain/tracking/linkPrivacy.ts): the street address without the
 * apartment, no alias (a place's name can say more than its address: "Terapia"), coordinates rounded to about
 * 100 m.
 */
export const trackedAddress = tripAddress.omit({ alias: true })
export type TrackedAddress = z.infer<typeof trackedAddress>

/** A via point as a tracking link shows it: the stop, its time and wait, not which saved place it is. */
export const trackedViaPoint = viaPoint
  .omit({ viaPointPlace: true })
  .extend({ viaPointAddress: trackedAddress })

/**
 * What a tracking link shows an office: the trip without contact or personal data beyond the passenger's
 * first name or initials (no phone numbers, email, driver, note, deductible, apartments, place names or other
 * trips), the car's location rounded to about 10 m.
 */
export const trackedTrip = z.object({
  id: tripId,
  date: isoDate,
  /** The passenger's first name, or their initials when the tenant prefers. */
  passengerName: text(textLimits.name),
  startDateTime: isoDateTime,
  endDateTime: isoDateTime,
  startAddress: trackedAddress,
  endAddress: trackedAddress,
  viaPoints: z.array(trackedViaPoint),
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
