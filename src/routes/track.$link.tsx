import { createFileRoute } from '@tanstack/react-router'
import { TrackLinkScreen } from '../components/tracking/TrackLink'

/** A shared tracking link: public, no login (spec section 1, routes). */
export const Route = createFileRoute('/track/$link')({ component: TrackRoute })

function TrackRoute() {
  const { link } = Route.useParams()
  // Another link is another trip: its screen starts over.
  return <TrackLinkScreen key={link} link={link} />
}
