import { errorCodes } from '../../src/contract/common'
import { HttpError } from './httpError'

/**
 * What a booking or a new permission for a passenger the operator ended answers (server/trips/passengerEnd.ts):
 * 409 passenger_ended, naming the passenger's field.
 */
export function passengerEnded(passengerId: string): HttpError {
  return new HttpError(409, errorCodes.passengerEnded, `Passenger ${passengerId} has ended`, [
    { property: 'passengerId', error: errorCodes.passengerEnded },
  ])
}
