import type { AcceptOutcome } from '../../../machines/invitation/invitation.machine'
import { ApiRequestError } from '../../api/errors'
import {
  invitationRefusalOf,
  signInToAcceptUrl,
  type InvitationRefusal,
  type SignInToAccept,
} from '../../domain/invitations'
import type { Actions } from '../data/actions'
import { authSettled } from '../session/authSettled'
import type { Platform } from '../platform'

/**
 * What the invitation screen's and the travel card screen's calls share (src/app/effects/invitationCalls.ts,
 * travelCardCalls.ts): accepting an invitation, here or through the sign-in. Apart from either, so that neither
 * screen carries the other's machine.
 */

export type InvitationCalls = Pick<Platform, 'api' | 'auth' | 'env' | 'locale' | 'userSession'>

/** The HTTP status of a failed call; 0 when there was no answer. */
export const statusOf = (error: unknown): number => (error instanceof ApiRequestError ? error.status : 0)
export const refusalOf = (error: unknown): InvitationRefusal =>
  invitationRefusalOf(statusOf(error), error instanceof ApiRequestError ? error.body?.code : undefined)

/** `POST api/invitation` through the actions, which put the passengers in the user's local data. */
export async function acceptInvitation(
  { auth }: InvitationCalls,
  actions: Actions,
  code: string,
): Promise<AcceptOutcome> {
  try {
    await authSettled(auth)
    await actions.acceptInvitation(code)
    return { kind: 'accepted' }
  } catch (error) {
    return { kind: refusalOf(error) }
  }
}

/**
 * The spec's full-page navigation to the server page that takes the invitation through the sign-in. A
 * signed-in user leaves through the portal's own logout, so that their local data is gone (and the question
 * about unsent commands asked) before the next user signs in on this device.
 */
export function leaveToAccept(
  { env, locale, userSession }: InvitationCalls,
  page: SignInToAccept,
  code: string,
): void {
  const url = signInToAcceptUrl(page, { pathPrefix: env.pathPrefix, code, locale })
  if (page === 'logoutandacceptinvite') userSession.send({ type: 'logout.request', leaveTo: url })
  else window.location.assign(url)
}
