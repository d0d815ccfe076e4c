import type { Passenger } from '../../src/contract/passenger'
import { addPassengerFailure, validateToken } from '../../src/domain/passengerForms'
import { createFormMachine } from './formSubmit.machine'

/** The add passenger dialog: an access code token (at least 2 characters) claimed with POST api/passenger. */
export const addPassengerMachine = createFormMachine<'token', Passenger>({
  id: 'addPassenger',
  fields: ['token'],
  validate: validateToken,
  toFailure: addPassengerFailure,
})
