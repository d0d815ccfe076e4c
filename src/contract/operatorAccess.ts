import { z } from 'zod'
import { id, isoDateTime, text, textLimits } from './common'
import type { Endpoint } from './endpoints'
import { invitationCode, invitationParams } from './invitations'

/**
 * Guardians' access through the operator API: the ways a user comes to hold a passenger (an access code in a
 * letter, an invitation's link, a travel card the user registers), who holds each passenger, and taking that
 * away.
 */

export const accessCodeValidDays = { min: 1, max: 365, default: 90 } as const
export const invitationValidDays = { min: 1, max: 90, default: 14 } as const
/** The most passengers one invitation grants (a family's). */
export const invitationPassengersMax = 20

const validDays = (limits: { min: number; max: number; default: number }) =>
  z.number().int().min(limits.min).max(limits.max).default(limits.default)

const passengerParams = z.object({ id })

export const accessCodeRequest = z.object({
  validDays: validDays(accessCodeValidDays).describe('How long the code can be claimed'),
})

/** An access code as listed: never the code itself, which the server does not keep. */
export const operatorAccessCode = z.object({
  id,
  /** The code's last four characters, to tell it apart on a letter. */
  hint: text(textLimits.code),
  expiresAt: isoDateTime,
  usedAt: isoDateTime.nullable(),
  usedByUserId: id.nullable(),
  createdAt: isoDateTime,
})

/** A new access code: the code is in this answer only. */
export const createdAccessCode = operatorAccessCode
  .pick({ id: true, hint: true, expiresAt: true, createdAt: true })
  .extend({
    code: text(textLimits.code).describe(
      'Twelve characters without 0, O, 1, I or L, in groups of four (XXXX-XXXX-XXXX); users may type it with or without the dashes and in any case',
    ),
  })

export const operatorInvitationRequest = z.object({
  passengerIds: z.array(id).min(1).max(invitationPassengersMax),
  validDays: validDays(invitationValidDays).describe('How long the invitation can be accepted'),
})

export const createdInvitation = z.object({
  code: invitationCode,
  /** The invitation's page in the portal, absolute: what a letter or a message carries. */
  link: z.url(),
  expiresAt: isoDateTime,
})

/** A travel card's number as typed or printed: letters and digits, any spaces and dashes. */
export const travelCardNumber = text(textLimits.code, { min: 1 }).regex(
  /^[A-Za-z0-9 -]*[A-Za-z0-9][A-Za-z0-9 -]*$/,
  'A card number takes letters and digits, with spaces or dashes',
)

export const travelCardRequest = z.object({
  passengerId: id,
  holderName: text(textLimits.name, { min: 1, trim: true }),
})

export const operatorTravelCard = z.object({
  /** Without spaces or dashes, upper-cased: how the card is found whatever way its holder types it. */
  cardNumber: text(textLimits.code),
  passengerId: id,
  holderName: text(textLimits.name),
})

/** A user who holds a passenger. No e-mail or phone: the operator reaches guardians through messages. */
export const operatorGuardian = z.object({
  userId: id,
  name: text(textLimits.name),
  /** The user's identity was verified by strong authentication. */
  strongAuthentication: z.boolean(),
  grantedAt: isoDateTime,
})

export const operatorAccessEndpoints = {
  createAccessCode: {
    method: 'POST',
    path: '/api/operator/passengers/:id/accessCodes',
    summary:
      'A new access code for a passenger of the tenant, for a letter: a user who adds a passenger with it (POST api/passenger) holds the passenger from then on. The code is in this answer only (the server keeps a hash); it works once, until it expires or is revoked. 404 for a passenger the tenant does not have or has ended',
    auth: 'apiKey',
    params: passengerParams,
    body: accessCodeRequest,
    response: createdAccessCode,
  },
  listAccessCodes: {
    method: 'GET',
    path: '/api/operator/passengers/:id/accessCodes',
    summary:
      "A passenger's access codes, newest first, each with its hint (its last four characters) and whether and by whom it was used; never the code",
    auth: 'apiKey',
    params: passengerParams,
    response: z.array(operatorAccessCode),
  },
  revokeAccessCode: {
    method: 'DELETE',
    path: '/api/operator/accessCodes/:id',
    summary:
      'Revoke an access code: it is deleted and no longer works. The access a used code already gave stays (remove it with DELETE api/operator/passengers/{id}/guardians/{userId}). 404 for a code the tenant does not have',
    auth: 'apiKey',
    params: z.object({ id }),
    response: z.null(),
  },
  createInvitation: {
    method: 'POST',
    path: '/api/operator/invitations',
    summary: `An invitation to one to ${invitationPassengersMax} passengers of the tenant: the one user who accepts it through its link before it expires holds them. 404 naming passengerIds for a passenger the tenant does not have or has ended`,
    auth: 'apiKey',
    body: operatorInvitationRequest,
    response: createdInvitation,
  },
  deleteInvitation: {
    method: 'DELETE',
    path: '/api/operator/invitations/:code',
    summary:
      'Withdraw an invitation: its link answers not found from now on. The access an accepted invitation gave stays. 404 for an invitation the tenant does not have',
    auth: 'apiKey',
    params: invitationParams,
    response: z.null(),
  },
  putTravelCard: {
    method: 'PUT',
    path: '/api/operator/travelCards/:number',
    summary:
      "Issue a travel card to a passenger of the tenant, or change its passenger or holder (the card's open invitations are withdrawn then). Its holder registers it in the portal with the number and their name, which makes them the passenger's guardian while the passenger has none (else only with strong authentication). The number is kept without spaces or dashes, upper-cased. 404 naming passengerId for a passenger the tenant does not have or has ended",
    auth: 'apiKey',
    params: z.object({ number: travelCardNumber }),
    body: travelCardRequest,
    response: operatorTravelCard,
  },
  listTravelCards: {
    method: 'GET',
    path: '/api/operator/passengers/:id/travelCards',
    summary: "A passenger's travel cards, by number",
    auth: 'apiKey',
    params: passengerParams,
    response: z.array(operatorTravelCard),
  },
  deleteTravelCard: {
    method: 'DELETE',
    path: '/api/operator/travelCards/:number',
    summary:
      'Take a travel card away: it can no longer be registered, and its open invitations go with it. The access it already gave stays. 404 for a card the tenant does not have',
    auth: 'apiKey',
    params: z.object({ number: travelCardNumber }),
    response: z.null(),
  },
  listGuardians: {
    method: 'GET',
    path: '/api/operator/passengers/:id/guardians',
    summary:
      'The users who hold a passenger of the tenant (its guardians), earliest first, with whether strong authentication verified their identity',
    auth: 'apiKey',
    params: passengerParams,
    response: z.array(operatorGuardian),
  },
  removeGuardian: {
    method: 'DELETE',
    path: '/api/operator/passengers/:id/guardians/:userId',
    summary:
      "Take a passenger away from a user (a change of custody), on every instance at once: the user's next reads no longer show the passenger, its trips, places, permissions or messages, the user's tracking links of its trips stop, and the user's notifications about it, queued or to come, are not sent. 404 when the user does not hold the passenger",
    auth: 'apiKey',
    params: passengerParams.extend({ userId: id }),
    response: z.null(),
  },
} as const satisfies Record<string, Endpoint>
