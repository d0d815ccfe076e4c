import type { Temporal } from 'temporal-polyfill'
import type { Trip } from '../../src/contract/trip'
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

const address = (value: Address) => ({
  alias: value.alias,
  address: value.address,
  lat: value.lat,
  lng: value.lng,
})

/** The API's view of a projected trip (spec section 3). */
export function toTripView(trip: TripProjection, passenger: TripPassenger, timeZone: string): Trip {
  const at = (instant: Temporal.Instant | null) => (instant ? zonedIso(instant, timeZone) : null)
  return {
    id: trip.id,
    date: trip.start.toZonedDateTimeISO(timeZone).toPlainDate().toString(),
    passenger,
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
    reviews: trip.reviews.map((review) => ({
      comment: review.comment,
      driverStars: review.driverStars,
      experienceStars: review.experienceStars,
      createdAt: zonedIso(review.at, timeZone),
    })),
  }
}
