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
  failed: msg({
    id: 'invitation.failed',
    message: 'The invitation could not be reached. Check your connection and try again.',
  }),
}
