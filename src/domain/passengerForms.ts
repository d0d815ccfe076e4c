import type { FieldErrors, FormErrorCode, SubmitFailure } from './formErrors'
import { failureStatus, genericFailure } from './formErrors'

/** Initials are 1 to 2 characters, blanks around them ignored (spec section 5). */
export function initialsProblems(initials: string): FormErrorCode[] {
  const length = [...initials.trim()].length
  return length >= 1 && length <= 2 ? [] : ['LengthBetweenOneAndTwo']
}

/** What is saved as a passenger's initials: trimmed and upper case. */
export function normalizeInitials(initials: string): string {
  return initials.trim().toUpperCase()
}

/** The access code token needs at least 2 characters (spec section 5). */
export function tokenProblems(token: string): FormErrorCode[] {
  return [...token.trim()].length >= 2 ? [] : ['TokenTooShort']
}

export function validateInitials(values: { initials: string }): FieldErrors<'initials'> {
  const problems = initialsProblems(values.initials)
  return problems.length ? { initials: problems } : {}
}

export function validateToken(values: { token: string }): FieldErrors<'token'> {
  const problems = tokenProblems(values.token)
  return problems.length ? { token: problems } : {}
}

/** A rejected token (404 not found, or 400 malformed) is an error on the field; anything else on the form. */
export function addPassengerFailure(error: unknown): SubmitFailure<'token'> {
  const status = failureStatus(error)
  if (status === 404 || status === 400) return { fieldErrors: { token: ['InvalidToken'] }, formError: null }
  return { fieldErrors: {}, formError: genericFailure(error) }
}

/** Saving initials either works or fails as a whole. */
export function editInitialsFailure(error: unknown): SubmitFailure<'initials'> {
  return { fieldErrors: {}, formError: genericFailure(error) }
}
