import { z } from 'zod'
import { id, isoDateTime, text, textLimits, tripId } from './common'
import { routeMaxPoints } from './places'

/**
 * A booking (spec section 3, Booking payload; section 7, `POST api/booking` and `POST api/booking/estimate`).
 * The portal builds it from its Order draft (src/domain/booking/payload.ts); the server checks every rule again
 * when it arrives.
 */

/** The most passengers a booking carries: the passenger and the extra ones a VPL or SHL permission allows. */
export const bookingPassengerCountMax = 8

/**
 * A stop of the trip: the place's address fields, its apartment, and the wait there. The trip records no text
 * as sent: a saved place by the place's own address, a searched one by the words of the server's geocoder,
 * which must place the sent text at these coordinates (else 400 `booking_address_mismatch`).
 */
export const bookingDestination = z.object({
  /** The passenger's saved place, checked against the permission's destinations; null for a searched one. */
  placeId: id.nullable(),
  alias: text(textLimits.name).nullable(),
  address: text(textLimits.address, { min: 1 }),
  streetnumber: text(textLimits.addressPart).nullable(),
  postalcode: text(textLimits.addressPart).nullable(),
  city: text(textLimits.name).nullable(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** Only on a permission for free places, where the portal asks for it (else 400 `validation_failed`). */
  apartment: text(textLimits.addressPart, { trim: true }).nullable(),
  isViaPoint: z.boolean(),
  /** Minutes: 0, 5 or 10 at a via point, 0 at the start and the end. */
  waitTime: z.union([z.literal(0), z.literal(5), z.literal(10)]),
})
export type BookingDestination = z.infer<typeof bookingDestination>

export const bookingPassenger = z.object({
  id,
  name: text(textLimits.name),
  phone: text(textLimits.phone, { trim: true }).nullable(),
  email: text(textLimits.formField).nullable(),
  passengerCount: z.number().int().min(1).max(bookingPassengerCountMax),
})

export const bookingRequest = z.object({
  transportationPermissionId: id,
  passengers: z.array(bookingPassenger).length(1),
  /** The booked time with the tenant zone's offset, as the departure's or the arrival's by `type`. */
  departureDateTime: isoDateTime.nullable(),
  arrivalDateTime: isoDateTime.nullable(),
  type: z.enum(['departure', 'arrival']),
  /** From, the via points in order, to. */
  destinations: z.array(bookingDestination).min(2).max(routeMaxPoints),
  additionalInformation: text(textLimits.note, { trim: true }),
  /** The selected extras' ids, comma separated ('' when none). */
  attributes: text(textLimits.note),
  /** The Order's withAttendant, which the spec's payload list does not place: a field of its own. */
  withAttendant: z.boolean(),
})
export type BookingRequest = z.infer<typeof bookingRequest>

/** What the passenger pays for the trip (the deductible), shown before confirming. */
export const bookingEstimate = z.object({ deductible: z.number().nonnegative() })
export type BookingEstimate = z.infer<typeof bookingEstimate>

/** A booking received: it is a trip awaiting the operator's approval. */
export const bookingResponse = z.object({
  tripId,
  /** The date of the trip's start in the tenant's zone, which names the trip with its id. */
  date: z.iso.date(),
  status: z.literal('awaitingApproval'),
})
export type BookingResponse = z.infer<typeof bookingResponse>
