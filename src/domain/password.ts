import {
  passwordMinLength,
  userNameMaxLength,
  userNameMinLength,
  type PasswordErrorCode,
} from '../contract/codes'
import type { FieldError } from '../contract/common'

/**
 * The password and username rules of spec section 5, shared by the portal (early feedback) and the API host
 * (the authority). The number of distinct characters is a server rule that is never shown to users.
 */
export const passwordRequiredUniqueChars = 6

/** The rule codes a password breaks, in a stable order; empty when it is acceptable. */
export function passwordProblems(password: string): PasswordErrorCode[] {
  if (password.length === 0) return ['Required']
  const problems: PasswordErrorCode[] = []
  if ([...password].length < passwordMinLength) problems.push('PasswordTooShort')
  if (new Set(password).size < passwordRequiredUniqueChars) problems.push('PasswordRequiresUniqueChars')
  if (!/[^\p{L}\p{N}]/u.test(password)) problems.push('PasswordRequiresNonAlphanumeric')
  if (!/\p{Nd}/u.test(password)) problems.push('PasswordRequiresDigit')
  if (!/\p{Lu}/u.test(password)) problems.push('PasswordRequiresUpper')
  if (!/\p{Ll}/u.test(password)) problems.push('PasswordRequiresLower')
  return problems
}

/** Usernames are 4 to 256 characters; uniqueness (case-insensitive, per tenant) is checked by the server. */
export function userNameProblems(userName: string): PasswordErrorCode[] {
  if (userName.trim().length === 0) return ['Required']
  const length = [...userName].length
  return length < userNameMinLength || length > userNameMaxLength ? ['InvalidUserName'] : []
}

/** Field errors of a username + password pair, in the `errors` shape of a 400 answer. */
export function credentialErrors(userName: string, password: string): FieldError[] {
  return [
    ...userNameProblems(userName).map((error) => ({ property: 'userName', error })),
    ...passwordProblems(password).map((error) => ({ property: 'password', error })),
  ]
}
