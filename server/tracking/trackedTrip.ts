import type { TrackedAddress, TrackedTrip } from '../../src/contract/tracking'
import type { Coordinates } from '../../src/contract/trip'
import type { LinkWindow } from '../../src/domain/tracking/linkWindow'
import {
  carCoordinateDecimals,
  roundedCoordinate,
  stopCoordinateDecimals,
  streetAddress,
} from '../../src/domain/tracking/linkPrivacy'
import { trackedPassengerName } from '../../src/domain/tracking/passengerName'
import type { TrackingName } from '../../tenants'
import type { Address } from '../domain/tripEvents'
import type { TripProjection } from '../domain/tripProjection'
import { toTripBody, zonedIso } from '../domain/tripView'

/** A stop as an office sees it: the street without apartment, no alias, coordinates to about 100 m. */
const trackedAddress = (address: Address): TrackedAddress => ({
  address: streetAddress(address.address),
  lat: roundedCoordinate(address.lat, stopCoordinateDecimals),
  lng: roundedCoordinate(address.lng, stopCoordinateDecimals),
})

const carLocation = (location: Coordinates | null): Coordinates | null =>
  location && {
    latitude: roundedCoordinate(location.latitude, carCoordinateDecimals)!,
    longitude: roundedCoordinate(location.longitude, carCoordinateDecimals)!,
  }

/**
 * A trip as a tracking link shows it: picked field by field, so that a field added to trips later stays out
 * until someone decides an office may see it. Where the car goes and where it is, and who it carries: no phone
 * numbers, email, driver, note, deductible, reviews, apartments, place aliases, saved places or other trips; of
 * the passenger's name only the first name or the initials, as the tenant prefers (src/domain/tracking/).
 */
export function toTrackedTrip(
  trip: TripProjection,
  passengerName: string,
  nameStyle: TrackingName,
  window: LinkWindow,
  timeZone: string,
): TrackedTrip {
  const body = toTripBody(trip, timeZone)
  return {
    id: body.id,
    date: body.date,
    passengerName: trackedPassengerName(passengerName, nameStyle),
    startDateTime: body.startDateTime,
    endDateTime: body.endDateTime,
    startAddress: trackedAddress(trip.startAddress),
    endAddress: trackedAddress(trip.endAddress),
    viaPoints: trip.viaPoints.map((via, index) => ({
      viaPointAddress: trackedAddress(via.address),
      time: body.viaPoints[index]!.time,
      waitTime: via.waitMinutes,
    })),
    carName: body.carName,
    carRegisterNumber: body.carRegisterNumber,
    cancelledAt: body.cancelledAt,
    pickupTime: body.pickupTime,
    dropoffTime: body.dropoffTime,
    noShowTime: body.noShowTime,
    status: body.status && {
      code: body.status.code,
      eta: body.status.eta,
      etd: body.status.etd,
      ata: body.status.ata,
      carLocation: carLocation(body.status.carLocation),
    },
    validUntil: zonedIso(window.validUntil, timeZone),
  }
}
