import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { passwordMinLength, userNameMaxLength, userNameMinLength } from '../../contract/codes'
import type { FormErrorCode } from '../../domain/formErrors'

const minLength = passwordMinLength
const userNameMin = userNameMinLength
const userNameMax = userNameMaxLength

/**
 * The text of every form error code. The password codes are the server's too (spec section 8: its 400 field
 * errors are translated); the required number of distinct characters is deliberately never stated.
 */
export const formErrorMessages: Record<FormErrorCode, MessageDescriptor> = {
  Required: msg({ id: 'error.must_not_be_empty', message: 'Must not be empty' }),
  LengthBetweenOneAndTwo: msg({ id: 'error.length_between_one_and_two', message: 'Enter 1 or 2 characters' }),
  TokenTooShort: msg({ id: 'passenger.error_token_too_short', message: 'Enter at least 2 characters' }),
  InvalidToken: msg({ id: 'passenger.error_invalid_token', message: 'Invalid token' }),
  GenericSaveError: msg({
    id: 'password.errors.genericSaveError',
    message: 'An error occurred while saving',
  }),
  Offline: msg({
    id: 'error.offline_save',
    message: 'Network connection not available. Try again when you are online.',
  }),
  ConfirmationMismatch: msg({
    id: 'password.errors.confirmationMismatch',
    message: 'The passwords do not match',
  }),
  PasswordTooShort: msg({
    id: 'password.errors.PasswordTooShort',
    message: `The password must be at least ${minLength} characters long`,
  }),
  PasswordRequiresUniqueChars: msg({
    id: 'password.errors.PasswordRequiresUniqueChars',
    message: 'The password must contain more different characters',
  }),
  PasswordRequiresNonAlphanumeric: msg({
    id: 'password.errors.PasswordRequiresNonAlphanumeric',
    message: 'The password must contain a special character, such as ! or #',
  }),
  PasswordRequiresDigit: msg({
    id: 'password.errors.PasswordRequiresDigit',
    message: 'The password must contain a digit (0–9)',
  }),
  PasswordRequiresUpper: msg({
    id: 'password.errors.PasswordRequiresUpper',
    message: 'The password must contain an uppercase letter',
  }),
  PasswordRequiresLower: msg({
    id: 'password.errors.PasswordRequiresLower',
    message: 'The password must contain a lowercase letter',
  }),
  PasswordMismatch: msg({ id: 'password.errors.PasswordMismatch', message: 'Incorrect password' }),
  DuplicateUserName: msg({
    id: 'password.errors.DuplicateUserName',
    message: 'This username is already in use',
  }),
  InvalidUserName: msg({
    id: 'password.errors.InvalidUserName',
    message: `The username must be ${userNameMin} to ${userNameMax} characters long`,
  }),
  InvalidEmail: msg({ id: 'password.errors.InvalidEmail', message: 'The email must be valid' }),
}
