import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { Invitation } from '../../contract/invitations'
import { screenTitles } from '../screenTitles'
import { Alert } from '../ui/Alert'
import { Avatar } from '../ui/Avatar'
import { verifiedIdentityNotice } from './invitationTexts'

/**
 * The passengers an invitation grants, each with their initials, under their own heading; and, when accepting
 * it takes strong authentication (a travel card's, of a passenger who already has a guardian), that it does.
 */
export function InvitedPassengers({ invitation }: { invitation: Invitation }) {
  const { t } = useLingui()
  const headingId = useId()
  return (
    <section className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {t(screenTitles.passengers)}
      </h2>
      <ul aria-labelledby={headingId} className="flex flex-col gap-3">
        {invitation.items.map(({ passenger }) => (
          <li key={passenger.id} className="flex items-center gap-4 rounded-xl bg-surface p-4 shadow-sm">
            <Avatar passengerId={passenger.id} text={passenger.avatarText} />
            <span className="min-w-0 text-lg font-semibold">{passenger.name}</span>
          </li>
        ))}
      </ul>
      {invitation.requiresVerifiedIdentity ? (
        <Alert severity="info">{t(verifiedIdentityNotice)}</Alert>
      ) : null}
    </section>
  )
}
