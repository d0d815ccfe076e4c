import type { TrackedTrip } from '../../src/contract/tracking'
import type { LinkWindow } from '../../src/domain/tracking/linkWindow'
import { trackedPassengerName } from '../../src/domain/tracking/passengerName'
import type { TrackingName } from '../../tenants'
import type { TripProjection } from '../domain/tripProjection'
import { toTripBody, zonedIso } from '../domain/tripView'

/**
 * A trip as a tracking link shows it: picked field by field from the passenger's view, so that a field added
 * to trips later stays out until someone decides an office may see it. No phone numbers, email, driver, note,
 * deductible, reviews or other trips; of the passenger's name only the first name or the initials, as the
 * tenant prefers.
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
    startAddress: body.startAddress,
    endAddress: body.endAddress,
    viaPoints: body.viaPoints,
    carName: body.carName,
    carRegisterNumber: body.carRegisterNumber,
    cancelledAt: body.cancelledAt,
    pickupTime: body.pickupTime,
    dropoffTime: body.dropoffTime,
    noShowTime: body.noShowTime,
    status: body.status,
    validUntil: zonedIso(window.validUntil, timeZone),
  }
}
