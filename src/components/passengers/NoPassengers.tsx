import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Alert } from '../ui/Alert'

function NoPassengersText() {
  return (
    <Trans id="passenger.no_passengers">
      You have no passengers yet. Add one with the access code you have received.
    </Trans>
  )
}

/** What a screen about passengers says when the user has none yet. */
export function NoPassengers() {
  return (
    <p className="rounded-xl bg-surface p-4">
      <NoPassengersText />
    </p>
  )
}

/** A wizard's passenger step with no passenger to choose: where to add one. */
export function NoPassengersAlert() {
  return (
    <Alert severity="info">
      <p>
        <NoPassengersText />
      </p>
      <Link to="/passengers" className="mt-2 inline-flex min-h-target items-center font-semibold underline">
        <Trans id="passenger.to_passengers">Go to passengers</Trans>
      </Link>
    </Alert>
  )
}
