import type { FieldError } from '../contract/common'
import type { PasswordErrorCode } from '../contract/codes'

/**
 * Stable codes of the errors the portal's forms show; the screens translate them. Machines and rules speak in
 * codes so that they stay free of UI text and testable.
 */
export type FormErrorCode =
  | PasswordErrorCode
  /** Initials are 1 to 2 characters (error.length_between_one_and_two). */
  | 'LengthBetweenOneAndTwo'
  /** The access code token needs at least 2 characters. */
  | 'TokenTooShort'
  /** The server did not accept the access code (passenger.error_invalid_token). */
  | 'InvalidToken'
  /** The new password and its confirmation differ. */
  | 'ConfirmationMismatch'
  /** Anything else went wrong while saving (password.errors.genericSaveError). */
  | 'GenericSaveError'
  /** The request never reached the server. */
  | 'Offline'

/** Each field's errors, in display order; a field without errors is absent. */
export type FieldErrors<F extends string> = Partial<Record<F, readonly FormErrorCode[]>>

/** What a failed submit means for the form: errors on fields, or one error for the whole form. */
export interface SubmitFailure<F extends string> {
  fieldErrors: FieldErrors<F>
  formError: FormErrorCode | null
}

/** The HTTP status of a failed call (0 when the network failed), read structurally from the thrown error. */
export function failureStatus(error: unknown): number | null {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    return error.status
  }
  return null
}

/**
 * The `errors` list of a 400 answer's body, if the thrown error carries one. The API client parsed the body
 * with the contract already (`ApiRequestError.body`), so a structural read is enough here and the forms do not
 * load zod for it.
 */
export function failureBodyErrors(error: unknown): FieldError[] {
  if (typeof error !== 'object' || error === null || !('body' in error)) return []
  const body: unknown = error.body
  if (typeof body !== 'object' || body === null || !('errors' in body) || !Array.isArray(body.errors))
    return []
  return body.errors as FieldError[]
}

/** The form error of a failure no field explains: offline, or a generic save error. */
export function genericFailure(error: unknown): FormErrorCode {
  return failureStatus(error) === 0 ? 'Offline' : 'GenericSaveError'
}

/** True when a field has no errors. */
export function hasNoErrors<F extends string>(errors: FieldErrors<F>): boolean {
  return Object.values<readonly FormErrorCode[] | undefined>(errors).every((codes) => !codes?.length)
}
