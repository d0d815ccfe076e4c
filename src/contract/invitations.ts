import { z } from 'zod'
import { isoDateTime, text, textLimits } from './common'
import { passenger } from './passenger'

/**
 * Invitations and travel cards (spec sections 2 to 8). An invitation grants its passengers to the
 * user who accepts it, once: `/invitation/{code}` shows it, `POST api/invitation` accepts it. Registering a
 * travel card (its holder's name and number) answers a fresh invitation for the card's passenger; when the
 * passenger already has a guardian, only a user with a verified identity may accept it.
 */

/**
 * The code is the invitation's only secret: the server makes 128 random bits, base64url (22 characters); the
 * demo's codes are readable words of the same alphabet and length.
 */
export const invitationCode = z.string().regex(/^[A-Za-z0-9_-]{22,86}$/)

export const invitationParams = z.object({ code: invitationCode })

/** A passenger as an invitation shows them before they are granted: no contact data. */
export const invitedPassenger = passenger.pick({ id: true, name: true, avatarText: true })

/**
 * An invitation (spec: code, acceptedByUser, a list of items each with a passenger). One accepted by another
 * user, or expired, is not found (404) for everyone else.
 */
export const invitation = z.object({
  code: invitationCode,
  /** Accepted by the user asking (the bearer token's); false while pending and for anonymous visitors. */
  acceptedByUser: z.boolean(),
  /** Until when it can be accepted, in the tenant's time zone. */
  validUntil: isoDateTime,
  /**
   * Only a user whose identity is verified (signed in with strong authentication) may accept it: a travel
   * card's invitation of a passenger who already has a guardian (besides the user asking). Judged again when it
   * is accepted.
   */
  requiresVerifiedIdentity: z.boolean(),
  items: z.array(z.object({ passenger: invitedPassenger })),
})
export type Invitation = z.infer<typeof invitation>

export const acceptInvitationRequest = z.object({ code: invitationCode })
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequest>

/** What accepting answers: the passengers now granted to the user, each as the passenger list shows them. */
export const acceptedInvitation = z.array(z.object({ passenger }))
export type AcceptedInvitation = z.infer<typeof acceptedInvitation>

/** A travel card to register (spec section 3: cardNumber, name); spaces and case do not matter. */
export const registerCardRequest = z.object({
  cardNumber: text(textLimits.code, { min: 1, trim: true }),
  name: text(textLimits.name, { min: 1, trim: true }),
})
export type RegisterCardRequest = z.infer<typeof registerCardRequest>
