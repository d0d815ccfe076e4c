import type { Invitation } from '../../contract/invitations'
import { Avatar } from '../ui/Avatar'

/** The passengers an invitation grants, each with their initials, under a heading of the caller's. */
export function InvitedPassengers({
  invitation,
  labelledBy,
}: {
  invitation: Invitation
  labelledBy: string
}) {
  return (
    <ul aria-labelledby={labelledBy} className="flex flex-col gap-3">
      {invitation.items.map(({ passenger }) => (
        <li key={passenger.id} className="flex items-center gap-4 rounded-xl bg-surface p-4 shadow-sm">
          <Avatar passengerId={passenger.id} text={passenger.avatarText} />
          <span className="text-lg font-semibold">{passenger.name}</span>
        </li>
      ))}
    </ul>
  )
}
