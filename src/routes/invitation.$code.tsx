import { createFileRoute } from '@tanstack/react-router'
import { InvitationScreen } from '../components/invitations/InvitationScreen'
import { useSignedIn } from '../components/shell/useSignedIn'

/** An invitation: public; a signed-in user accepts it here, anyone else through the sign-in (spec section 2). */
export const Route = createFileRoute('/invitation/$code')({ component: InvitationRoute })

function InvitationRoute() {
  const { code } = Route.useParams()
  const signedIn = useSignedIn()
  // Another code, or another user, is another invitation screen: it starts over.
  return <InvitationScreen key={`${code}:${signedIn}`} code={code} signedIn={signedIn} />
}
