import type { TenantConfig } from '../../../tenants/types'

/** A tenant's phone rules (declared in tenants/). */
export type PhoneRules = TenantConfig['phone']

/** The country code a national number gets (spec section 9). */
export const defaultPhonePrefix = '+358'

/**
 * The number as it is saved: trimmed, and a national number starting with 0 gets +358 in place of the 0 (spec
 * section 5). 00 is the international call prefix, the same as a plus sign, so 00358 ... is +358 ..., not
 * +358 0358 ....
 */
export function normalizePhone(text: string): string {
  const value = text.trim()
  if (value.startsWith('00')) return `+${value.slice(2)}`
  if (value.startsWith('0')) return `${defaultPhonePrefix} ${value.slice(1).trimStart()}`.trimEnd()
  return value
}

/** A plus sign then 6 to 14 digits with optional spaces, and not the country code alone. */
export function isInternationalPhone(text: string): boolean {
  const value = text.trim()
  if (!/^\+[\d ]+$/.test(value)) return false
  const digits = value.slice(1).replace(/ /g, '')
  return digits.length >= 6 && digits.length <= 14 && `+${digits}` !== defaultPhonePrefix
}

export type PhoneProblem = 'phoneRequired' | 'phoneFormat'

/**
 * The booking phone's problems under the tenant's rules, after normalizing: required at the booking step for
 * the tenants that say so (only when `atBookingStep`), and in international form for those that say so.
 */
export function phoneProblems(text: string, rules: PhoneRules, atBookingStep: boolean): PhoneProblem[] {
  const phone = normalizePhone(text)
  if (phone === '') return rules.requiredAtBooking && atBookingStep ? ['phoneRequired'] : []
  return rules.internationalFormat && !isInternationalPhone(phone) ? ['phoneFormat'] : []
}
