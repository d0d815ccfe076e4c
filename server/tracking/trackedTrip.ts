import type { TrackedTrip } from '../../src/contract/tracking'
import type { LinkWindow } from '../../src/domain/tracking/linkWindow'
import type { TripProjection } from '../domain/tripProjection'
import { toTripBody, zonedIso } from '../domain/tripView'

/** The first word of a passenger's name: all of it a drivers' office needs to know whom the car carries. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? ''
}

/**
 * A trip as a tracking link shows it: picked field by field from the passenger's view, so that a field added
 * to trips later stays out until someone decides an office may see it. No phone numbers, email, driver, note,
 * deductible, reviews or other trips.
 */
export function toTrackedTrip(
  trip: TripProjection,
  passengerName: string,
  window: LinkWindow,
  timeZone: string,
): TrackedTrip {
  const body = toTripBody(trip, timeZone)
  return {
    id: body.id,
    date: body.date,
    passengerName: firstName(passengerName),
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
