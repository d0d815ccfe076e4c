import { z } from 'zod'
import { refusalReasonMaxLength, tripStatusCodes, type TripStatusCode } from './codes'
import { id, isoDate, isoDateTime, text, textLimits, tripId } from './common'
import { avatarTextMaxLength } from './passenger'
import { tripSeries } from './series'
import { cancelReasonMaxLength, reviewCommentMaxLength } from './tripCommands'

export { tripStatusCodes, type TripStatusCode } from './codes'

const statusCode = z.union(
  Object.values(tripStatusCodes).map((code) => z.literal(code)),
) as z.ZodType<TripStatusCode>

export const coordinates = z.object({ latitude: z.number(), longitude: z.number() })
export type Coordinates = z.infer<typeof coordinates>

export const tripStatus = z.object({
  code: statusCode,
  eta: isoDateTime.nullable(),
  etd: isoDateTime.nullable(),
  ata: isoDateTime.nullable(),
  carLocation: coordinates.nullable(),
})
export type TripStatus = z.infer<typeof tripStatus>

export const tripAddress = z.object({
  alias: text(textLimits.name).nullable(),
  address: text(textLimits.address),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
})
export type TripAddress = z.infer<typeof tripAddress>

export const viaPoint = z.object({
  viaPointAddress: tripAddress,
  /** Id of the passenger's saved place, when the via point is one. */
  viaPointPlace: id.nullable(),
  time: isoDateTime.nullable(),
  /** Minutes the car waits. */
  waitTime: z.number().int().min(0),
})
export type ViaPoint = z.infer<typeof viaPoint>

export const review = z.object({
  comment: text(reviewCommentMaxLength),
  driverStars: z.number().int().min(1).max(5),
  experienceStars: z.number().int().min(1).max(5),
  createdAt: isoDateTime,
})
export type Review = z.infer<typeof review>

export const cancellationReceiptStates = ['awaiting', 'received', 'refused'] as const
export type CancellationReceiptState = (typeof cancellationReceiptStates)[number]

/**
 * The transport service's answer to a cancellation made in the portal, beyond the spec's payload: awaited,
 * received (when), or refused (when, why). `acknowledgeBy`: when, unless it has answered, the guardian is told
 * to call `phone` so that the car does not come; null when the tenant sets no such time.
 */
export const cancellationReceipt = z.object({
  state: z.enum(cancellationReceiptStates),
  at: isoDateTime.nullable(),
  reason: text(refusalReasonMaxLength).nullable(),
  acknowledgeBy: isoDateTime.nullable(),
  phone: text(textLimits.phone).nullable(),
})
export type CancellationReceipt = z.infer<typeof cancellationReceipt>

export const trip = z.object({
  id: tripId,
  /** The trip's date in the tenant's time zone; a trip is identified by id plus date. */
  date: isoDate,
  passenger: z.object({ id, name: text(textLimits.name), avatarText: text(avatarTextMaxLength) }),
  startDateTime: isoDateTime,
  endDateTime: isoDateTime,
  /** Ids of the passenger's saved places the trip starts and ends at, when it does. */
  startPlace: id.nullable(),
  endPlace: id.nullable(),
  startAddress: tripAddress,
  endAddress: tripAddress,
  viaPoints: z.array(viaPoint),
  carName: text(textLimits.name).nullable(),
  carRegisterNumber: text(textLimits.code).nullable(),
  carPhoneNumber: text(textLimits.phone).nullable(),
  driverName: text(textLimits.name).nullable(),
  /** Euros. */
  deductible: z.number().nullable(),
  note: text(textLimits.note).nullable(),
  cancelledAt: isoDateTime.nullable(),
  cancelReason: text(cancelReasonMaxLength).nullable(),
  pickupTime: isoDateTime.nullable(),
  dropoffTime: isoDateTime.nullable(),
  noShowTime: isoDateTime.nullable(),
  allowEtaQuery: z.boolean(),
  allowReview: z.boolean(),
  status: tripStatus.nullable(),
  reviews: z.array(review),
  /**
   * The standing order the trip was booked in, beyond the spec's payload; null for a trip booked on
   * its own, or stored before series existed.
   */
  series: tripSeries.nullable().default(null),
  /**
   * The transport service's answer to the portal's cancellation of the trip; null when the trip was not
   * cancelled in the portal, the tenant tracks no answers, or it was stored before answers were.
   */
  cancellationReceipt: cancellationReceipt.nullable().default(null),
})
export type Trip = z.infer<typeof trip>

export const bookingDecisions = ['awaiting', 'refused'] as const
export type BookingDecision = (typeof bookingDecisions)[number]

/**
 * A booking made in the portal that is not (yet) a trip, beyond the spec's payload: it awaits the
 * transport service's approval, or was refused. The passenger's reads list those of the trip window apart from
 * the trips, so that nothing reads one as a confirmed trip; once approved it is one of the trips instead.
 */
export const unapprovedBooking = z.object({
  tripId,
  /** The date of its start in the tenant's zone, which names it with its id as a trip's does. */
  date: isoDate,
  approval: z.enum(bookingDecisions),
  startDateTime: isoDateTime,
  endDateTime: isoDateTime,
  startAddress: tripAddress,
  endAddress: tripAddress,
  /** Why the transport service refused it; null while it awaits. */
  refusalReason: text(cancelReasonMaxLength).nullable(),
})
export type UnapprovedBooking = z.infer<typeof unapprovedBooking>
