import type { Passenger } from '../../src/contract/passenger'
import { editInitialsFailure, validateInitials } from '../../src/domain/passengerForms'
import { createFormMachine } from './formSubmit.machine'

/** The edit initials dialog of the passengers screen: 1 to 2 characters, saved with PUT api/passenger/{id}. */
export const editInitialsMachine = createFormMachine<'initials', Passenger>({
  id: 'editInitials',
  fields: ['initials'],
  validate: validateInitials,
  toFailure: editInitialsFailure,
})
