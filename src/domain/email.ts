import type { FieldErrors, FormErrorCode, SubmitFailure } from './formErrors'
import { failureBodyErrors, failureStatus, genericFailure } from './formErrors'

/**
 * "The email must be valid" (spec section 5): one rule for the portal's forms (early feedback) and the API host
 * (the authority). An email is what a password is recovered with (the privacy statement), so it is checked
 * where a login is created and where personal info sets it.
 */

/** The longest address SMTP carries (RFC 5321's path limit less its brackets). */
export const emailMaxLength = 254

/**
 * Deliberately loose, as only a mail sent to it proves an address: one `@` with something before it, a domain of
 * dot-separated labels after it (at least two, none empty), and no spaces or control characters anywhere.
 */
const emailShape = /^[^\s@\p{Cc}]+@[^\s@.\p{Cc}]+(?:\.[^\s@.\p{Cc}]+)+$/u

/** What is stored as the email: as typed, without the blanks around it. */
export function normalizeEmail(email: string): string {
  return email.trim()
}

/** The rule codes an email breaks (blanks around it ignored); empty when it is acceptable. */
export function emailProblems(email: string): FormErrorCode[] {
  const value = normalizeEmail(email)
  if (value === '') return ['Required']
  return value.length <= emailMaxLength && emailShape.test(value) ? [] : ['InvalidEmail']
}

/** The personal info screen's email form. */
export function validateEmailForm(values: { email: string }): FieldErrors<'email'> {
  const problems = emailProblems(values.email)
  return problems.length ? { email: problems } : {}
}

/** A 400 that names the email is an error on the field; anything else is the form's. */
export function emailFormFailure(error: unknown): SubmitFailure<'email'> {
  const codes =
    failureStatus(error) === 400
      ? failureBodyErrors(error)
          .filter((entry) => entry.property === 'email')
          .map((entry) => entry.error)
          .filter(
            (code): code is 'InvalidEmail' | 'Required' => code === 'InvalidEmail' || code === 'Required',
          )
      : []
  if (codes.length > 0) return { fieldErrors: { email: codes }, formError: null }
  return { fieldErrors: {}, formError: genericFailure(error) }
}
