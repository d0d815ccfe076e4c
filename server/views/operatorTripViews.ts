import type { z } from 'zod'
import type { operatorTrip } from '../../src/contract/operator'
import type { TripProjection } from '../domain/tripProjection'
import { zonedIso } from '../domain/tripView'

/** A trip as the operator API reads it back, its times in the tenant's zone. */
export function toOperatorTrip(trip: TripProjection, timeZone: string): z.output<typeof operatorTrip> {
  return {
    tripId: trip.id,
    passengerId: trip.passengerId,
    date: trip.start.toZonedDateTimeISO(timeZone).toPlainDate().toString(),
    startDateTime: zonedIso(trip.start, timeZone),
    endDateTime: zonedIso(trip.end, timeZone),
    statusCode: trip.statusCode,
    approval: trip.approval,
    cancelledAt: trip.cancelledAt === null ? null : zonedIso(trip.cancelledAt, timeZone),
    cancelReason: trip.cancelReason,
    cancelledByUserId: trip.cancelledByUserId,
    version: trip.version,
  }
}
