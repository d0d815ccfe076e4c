import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { InvitationRefusal } from '../../domain/invitations'

/** What an invitation's refusal says, on its own screen and when a travel card's is accepted (spec section 8). */
export const invitationRefusalTexts: Record<InvitationRefusal, MessageDescriptor> = {
  not_found: msg({ id: 'invitation.not_found', message: 'Invitation was not found or it has expired.' }),
  busy: msg({
    id: 'invitation.too_many_requests',
    message: 'Too many requests. Wait a while before trying again.',
  }),
  identity_required: msg({
    id: 'invitation.identity_required',
    message:
      'The passenger already has a guardian, so only a user who logs in with strong authentication can accept this invitation. Log in with strong authentication to accept it.',
  }),
  failed: msg({
    id: 'invitation.failed',
    message: 'The invitation could not be reached. Check your connection and try again.',
  }),
}

/** Said beside an invitation that takes strong authentication, before anyone tries (the server judges again). */
export const verifiedIdentityNotice = msg({
  id: 'invitation.verified_identity_notice',
  message:
    "The passenger already has a guardian. Only a user who logs in with strong authentication can accept this invitation, and the passenger's guardians are told about it.",
})
