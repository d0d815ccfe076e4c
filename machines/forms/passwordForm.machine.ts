import type { User } from '../../src/contract/account'
import { passwordFormFailure, validatePasswordForm, type PasswordField } from '../../src/domain/passwordForm'
import { createFormMachine } from './formSubmit.machine'

/**
 * The password screen: change the password, or create a login (username, email and password) for a user who
 * has none. The input's `fields` say which of the two forms is shown; only those fields are validated.
 */
export const passwordFormMachine = createFormMachine<PasswordField, User>({
  id: 'passwordForm',
  fields: ['userName', 'email', 'currentPassword', 'password', 'confirmation'],
  validate: validatePasswordForm,
  toFailure: passwordFormFailure,
})
