import { errorCodes } from '../contract/codes'
import type { Locale } from './locale'

/**
 * Why showing or accepting an invitation did not go through: not found (404: unknown, expired, or accepted by
 * another user), busy (429: the server limits guesses per client address), identity required (403
 * `identity_verification_required`: a travel card's invitation of a passenger who already has a guardian takes
 * strong authentication), or failed (no answer, or any other refusal).
 */
export type InvitationRefusal = 'not_found' | 'busy' | 'identity_required' | 'failed'

/** The refusal an HTTP status and the answer's error code mean (status 0: no answer). */
export function invitationRefusalOf(status: number, code?: string): InvitationRefusal {
  // A code that is not even the shape of one (400) is as unknown as one the server does not know.
  if (status === 404 || status === 400) return 'not_found'
  if (status === 403 && code === errorCodes.identityVerificationRequired) return 'identity_required'
  return status === 429 ? 'busy' : 'failed'
}

/**
 * The server pages that carry an invitation through the sign-in (spec section 2): `acceptinvite` for an
 * anonymous visitor, `logoutandacceptinvite` for a signed-in user who accepts it as someone else (another
 * account, or a new one made by strong authentication).
 */
export type SignInToAccept = 'acceptinvite' | 'logoutandacceptinvite'

/** The full-page address of such a page, under the tenant's path prefix. */
export function signInToAcceptUrl(
  page: SignInToAccept,
  { pathPrefix, code, locale }: { pathPrefix: string; code: string; locale: Locale },
): string {
  const query = new URLSearchParams({ code, locale })
  return `${pathPrefix}/${page}?${query.toString()}`
}

/** What the travel card form asks for (spec sections 2 and 3). */
export interface TravelCardForm {
  name: string
  cardNumber: string
}

/**
 * Why registering a travel card gave no invitation (spec section 8): a 404 is its own text (check the name and
 * number); anything else, a malformed request (400) and a busy server (429) too, is a plain failure.
 */
export type TravelCardRefusal = 'not_found' | 'failed'

/** The refusal an HTTP status of `POST api/account/registercard` means (0: no answer). */
export function travelCardRefusalOf(status: number): TravelCardRefusal {
  return status === 404 ? 'not_found' : 'failed'
}

/** Send is enabled only when name and card number are both filled (spec section 5); blanks are not a value. */
export function canRegisterCard(form: TravelCardForm): boolean {
  return form.name.trim() !== '' && form.cardNumber.trim() !== ''
}
