import { passwordErrorCodes, type PasswordErrorCode } from '../contract/codes'
import { emailProblems } from './email'
import type { FieldErrors, FormErrorCode, SubmitFailure } from './formErrors'
import { failureBodyErrors, failureStatus, genericFailure } from './formErrors'
import { passwordProblems, userNameProblems } from './password'

export type PasswordField = 'userName' | 'email' | 'currentPassword' | 'password' | 'confirmation'
export type PasswordValues = Record<PasswordField, string>

/** What the password screen does for this user (spec sections 5 and 6). */
export type PasswordFormMode =
  /** No password yet: create a login with a username, and the email that recovers its password. */
  | { kind: 'create' }
  /** Change it; the current password is asked unless the user's identity is verified. */
  | { kind: 'change'; askCurrent: boolean }

export function passwordFormMode(user: {
  hasPassword: boolean
  identityVerified: boolean
}): PasswordFormMode {
  return user.hasPassword ? { kind: 'change', askCurrent: !user.identityVerified } : { kind: 'create' }
}

/** The fields the form shows, in order. */
export function passwordFields(mode: PasswordFormMode): PasswordField[] {
  if (mode.kind === 'create') return ['userName', 'email', 'password', 'confirmation']
  return mode.askCurrent ? ['currentPassword', 'password', 'confirmation'] : ['password', 'confirmation']
}

function confirmationProblems(values: PasswordValues): FormErrorCode[] {
  if (values.confirmation.length === 0) return ['Required']
  return values.confirmation === values.password ? [] : ['ConfirmationMismatch']
}

/** Client-side checks of the shown fields; the server checks again and has the last word. */
export function validatePasswordForm(
  values: PasswordValues,
  fields: readonly PasswordField[],
): FieldErrors<PasswordField> {
  const checks: Record<PasswordField, () => FormErrorCode[]> = {
    userName: () => userNameProblems(values.userName),
    email: () => emailProblems(values.email),
    currentPassword: () => (values.currentPassword.length === 0 ? ['Required'] : []),
    password: () => passwordProblems(values.password),
    confirmation: () => confirmationProblems(values),
  }
  const errors: FieldErrors<PasswordField> = {}
  for (const field of fields) {
    const problems = checks[field]()
    if (problems.length) errors[field] = problems
  }
  return errors
}

const propertyFields: Record<string, PasswordField> = {
  username: 'userName',
  email: 'email',
  currentpassword: 'currentPassword',
  password: 'password',
  newpassword: 'password',
}

function isPasswordErrorCode(code: string): code is PasswordErrorCode {
  return (passwordErrorCodes as readonly string[]).includes(code)
}

/**
 * A 400 answer's `errors` go to their fields (spec section 8); a known code on a property the form does not
 * show becomes the form's error. Anything else, including a 500, is the generic save error.
 */
export function passwordFormFailure(error: unknown): SubmitFailure<PasswordField> {
  const known =
    failureStatus(error) === 400 ? failureBodyErrors(error).filter((e) => isPasswordErrorCode(e.error)) : []
  if (known.length === 0) return { fieldErrors: {}, formError: genericFailure(error) }
  const fieldErrors: Record<string, PasswordErrorCode[]> = {}
  let formError: FormErrorCode | null = null
  for (const { property, error: code } of known as { property: string; error: PasswordErrorCode }[]) {
    const field = propertyFields[property.toLowerCase()]
    if (field) fieldErrors[field] = [...(fieldErrors[field] ?? []), code]
    else formError ??= code
  }
  return { fieldErrors: fieldErrors as FieldErrors<PasswordField>, formError }
}
