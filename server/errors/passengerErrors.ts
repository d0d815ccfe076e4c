import { errorCodes } from '../../src/contract/common'
import { HttpError } from './httpError'

/** 404 for a passenger the tenant does not have, naming the property that named it when there is one. */
export function noSuchPassenger(property?: string): HttpError {
  return new HttpError(
    404,
    errorCodes.notFound,
    'No such passenger in this tenant',
    property === undefined ? undefined : [{ property, error: 'not_found' }],
  )
}

/** 409 passenger_ended: the operator ended the passenger, who takes no new trips, places or permissions. */
export function passengerEnded(property: string): HttpError {
  return new HttpError(409, errorCodes.passengerEnded, 'The operator has ended this passenger', [
    { property, error: 'ended' },
  ])
}
