import type { Temporal } from 'temporal-polyfill'
import type { CancellationReceipt, Trip, UnapprovedBooking } from '../../src/contract/trip'
import type { Address } from './tripEvents'
import type { TripProjection } from './tripProjection'

export interface TripPassenger {
  id: string
  name: string
  avatarText: string
}

/** An instant as the contract wants it: local time in the tenant's zone with its offset, whole seconds. */
export function zonedIso(instant: Temporal.Instant, timeZone: string): string {
  return instant.toZonedDateTimeISO(timeZone).toString({ timeZoneName: 'never', smallestUnit: 'second' })
}

export interface ChangedTrip {
  id: string
  date: string
  start: string
}

/**
 * A trip as a change told to the operator names it (src/contract/operatorChanges.ts): its id, and the date and
 * time of its start in the tenant's zone.
 */
export function changedTrip(trip: { id: string; start: Temporal.Instant }, timeZone: string): ChangedTrip {
  const start = trip.start.toZonedDateTimeISO(timeZone)
  return { id: trip.id, date: start.toPlainDate().toString(), start: zonedIso(trip.start, timeZone) }
}

const address = (value: Address) => ({
  alias: value.alias,
  address: value.address,
  lat: value.lat,
  lng: value.lng,
})

/**
 * What the portal's user sees of the transport service's answer to their cancellation: null when there is
 * nothing to wait for (the operator cancelled, or the tenant sets no deadline) and no answer came.
 */
function cancellationReceiptOf(trip: TripProjection, timeZone: string): CancellationReceipt | null {
  const receipt = trip.cancelReceipt
  if (trip.cancelledByUserId === null || (!trip.cancelAcknowledgeBy && !receipt)) return null
  return {
    state: receipt?.outcome ?? 'awaiting',
    at: receipt ? zonedIso(receipt.answeredAt, timeZone) : null,
    reason: receipt?.reason ?? null,
    acknowledgeBy: trip.cancelAcknowledgeBy ? zonedIso(trip.cancelAcknowledgeBy, timeZone) : null,
    phone: trip.cancelPhone,
  }
}

/** A trip as the API shows it, apart from its passenger, whose name and initials change on their own. */
export type TripBody = Omit<Trip, 'passenger'>

/** The API's view of a projected trip (spec section 3). */
export function toTripView(trip: TripProjection, passenger: TripPassenger, timeZone: string): Trip {
  return withPassenger(toTripBody(trip, timeZone), passenger)
}

export function withPassenger(body: TripBody, passenger: TripPassenger): Trip {
  return { ...body, passenger }
}

/** Everything of the view but the passenger: what the projection stores (server/db/tripRows.ts). */
export function toTripBody(trip: TripProjection, timeZone: string): TripBody {
  const at = (instant: Temporal.Instant | null) => (instant ? zonedIso(instant, timeZone) : null)
  return {
    id: trip.id,
    date: trip.start.toZonedDateTimeISO(timeZone).toPlainDate().toString(),
    startDateTime: zonedIso(trip.start, timeZone),
    endDateTime: zonedIso(trip.end, timeZone),
    startPlace: trip.startPlaceId,
    endPlace: trip.endPlaceId,
    startAddress: address(trip.startAddress),
    endAddress: address(trip.endAddress),
    viaPoints: trip.viaPoints.map((via) => ({
      viaPointAddress: address(via.address),
      viaPointPlace: via.placeId,
      time: at(via.time),
      waitTime: via.waitMinutes,
    })),
    carName: trip.carName,
    carRegisterNumber: trip.carRegisterNumber,
    carPhoneNumber: trip.carPhoneNumber,
    driverName: trip.driverName,
    deductible: trip.deductibleCents === null ? null : trip.deductibleCents / 100,
    note: trip.note,
    cancelledAt: at(trip.cancelledAt),
    cancelReason: trip.cancelReason,
    pickupTime: at(trip.pickupTime),
    dropoffTime: at(trip.dropoffTime),
    noShowTime: at(trip.noShowTime),
    allowEtaQuery: trip.allowEtaQuery,
    allowReview: trip.allowReview,
    status: {
      code: trip.statusCode,
      eta: at(trip.eta),
      etd: at(trip.etd),
      ata: at(trip.ata),
      carLocation: trip.carLocation,
    },
    series: trip.series,
    reviews: trip.reviews.map((review) => ({
      comment: review.comment,
      driverStars: review.driverStars,
      experienceStars: review.experienceStars,
      createdAt: zonedIso(review.at, timeZone),
    })),
    cancellationReceipt: cancellationReceiptOf(trip, timeZone),
  }
}

/**
 * A portal booking awaiting approval or refused, as the passenger's reads list it apart from the trips; null for
 * any other trip (one shown to the passenger, or withdrawn by its user).
 */
export function toUnapprovedBooking(trip: TripProjection, timeZone: string): UnapprovedBooking | null {
  if (trip.approval !== 'awaiting' && trip.approval !== 'refused') return null
  return {
    tripId: trip.id,
    date: trip.start.toZonedDateTimeISO(timeZone).toPlainDate().toString(),
    approval: trip.approval,
    startDateTime: zonedIso(trip.start, timeZone),
    endDateTime: zonedIso(trip.end, timeZone),
    startAddress: address(trip.startAddress),
    endAddress: address(trip.endAddress),
    refusalReason: trip.approval === 'refused' ? trip.cancelReason : null,
  }
}
