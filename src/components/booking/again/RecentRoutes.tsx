import { Trans } from '@lingui/react/macro'
import { useMemo } from 'react'
import { againEvent, type BookingEvent } from '../../../../machines/booking/booking.machine'
import { useEnvironment } from '../../../app/environment'
import { usePlaces, useTrips } from '../../../app/data/data'
import { recentRoutes, type AgainRoute } from '../../../domain/booking/again'
import { Button } from '../../ui/Button'
import { RouteWords } from './RouteWords'

/**
 * The wizard's start offers the passengers' recent routes (from the trips on this device): one tap fills the
 * passenger, from, to and the times, and the wizard asks only the date before its summary.
 */
export function RecentRoutes({
  send,
  showPassenger,
}: {
  send(event: BookingEvent): void
  showPassenger: boolean
}) {
  const { timeZone } = useEnvironment()
  const trips = useTrips()
  const routes = useMemo(() => (trips ? recentRoutes(trips, timeZone) : []), [trips, timeZone])
  if (routes.length === 0) return null
  return (
    <section aria-labelledby="recent-routes" className="flex flex-col gap-3">
      <h3 id="recent-routes" className="text-lg font-semibold">
        <Trans id="booking_again.recent_title">Recent routes</Trans>
      </h3>
      <p className="text-muted">
        <Trans id="booking_again.recent_hint">Book one again: you only choose the date.</Trans>
      </p>
      <ul className="flex flex-col gap-2">
        {routes.map((route, index) => (
          <li key={index}>
            <RouteButton route={route} send={send} showPassenger={showPassenger} />
          </li>
        ))}
      </ul>
    </section>
  )
}

/** A route's button: enabled once its passenger's saved places are read, which its stops may be. */
function RouteButton({
  route,
  send,
  showPassenger,
}: {
  route: AgainRoute
  send(event: BookingEvent): void
  showPassenger: boolean
}) {
  const places = usePlaces(route.passengerId)
  const event = places ? againEvent(route, places) : null
  return (
    <Button
      variant="secondary"
      className="w-full justify-start text-left"
      disabled={!event}
      onClick={() => event && send(event)}
    >
      <RouteWords route={route} showPassenger={showPassenger} />
    </Button>
  )
}
