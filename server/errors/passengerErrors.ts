import { errorCodes } from '../../src/contract/common'
import { HttpError } from './httpError'

/** 409 passenger_ended: the operator ended the passenger, who takes no new trips, places or permissions. */
export function passengerEnded(property: string): HttpError {
  return new HttpError(409, errorCodes.passengerEnded, 'The operator has ended this passenger', [
    { property, error: 'ended' },
  ])
}
