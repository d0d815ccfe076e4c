import type { User } from '../../src/contract/account'
import { emailFormFailure, validateEmailForm } from '../../src/domain/email'
import { createFormMachine } from './formSubmit.machine'

/** The personal info screen's email: set or changed with PUT api/account/email, valid by the domain's rule. */
export const emailFormMachine = createFormMachine<'email', User>({
  id: 'emailForm',
  fields: ['email'],
  validate: validateEmailForm,
  toFailure: emailFormFailure,
})
