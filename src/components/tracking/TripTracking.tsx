import { useTracking, type TrackingView } from '../../app/effects/useTracking'
import { useNow } from '../../app/browser/useNow'
import type { Trip } from '../../contract/trip'
import { isFinalStatus } from '../../domain/tracking/finalStatus'
import { showsTripMap, type TripStops } from '../../domain/tracking/mapPlaces'
import { showsTrackingPanel } from '../../domain/tracking/panelVisibility'
import { TrackingPanel, useTrackingWords, type TrackingPanelProps } from './TrackingPanel'
import { TripMapSection } from './TripMapSection'

/** The countdown is in minutes: a quarter-minute tick keeps it at most that late. */
const clockTickMs = 15_000

/** Whether the status shown is only the last known one: it could not be renewed, and more may come. */
export function statusIsStale(view: TrackingView): boolean {
  if (!view.status || isFinalStatus(view.status.code)) return false
  return view.failed || !view.online
}

/**
 * The trip detail's tracking: runs the tracking machine while the screen is shown (raising the pickup and
 * drop-off notices) and shows its status and map.
 */
export function TripTracking({ trip, timeZone }: { trip: Trip; timeZone: string }) {
  const view = useTracking(trip)
  return <TrackingStatus view={view} trip={trip} timeZone={timeZone} trackingRoute={false} />
}

/**
 * A trip's tracking status, shown by the spec's rule, and said the same in a polite live region, present from
 * the start so its changes are heard; under the panel, the map when a start or end address has coordinates.
 * The trip detail and a tracking link (`trackingRoute`) both show it.
 */
export function TrackingStatus({
  view,
  trip,
  timeZone,
  trackingRoute,
}: {
  view: TrackingView
  trip: TrackingPanelProps['trip'] & TripStops & { allowEtaQuery?: boolean }
  timeZone: string
  trackingRoute: boolean
}) {
  const now = useNow(clockTickMs)
  const { status } = view
  const shown =
    status && showsTrackingPanel({ trackingRoute, allowEtaQuery: trip.allowEtaQuery ?? false, status })
  const panel = shown
    ? { trip, status, receivedAt: view.receivedAt, stale: statusIsStale(view), now, timeZone }
    : null
  return (
    <>
      {panel ? <TrackingPanel {...panel} /> : null}
      {panel && showsTripMap(true, trip) ? (
        <TripMapSection trip={trip} carLocation={panel.status.carLocation} />
      ) : null}
      <p aria-live="polite" className="sr-only">
        {panel ? <Announcement {...panel} /> : null}
      </p>
    </>
  )
}

function Announcement(props: TrackingPanelProps) {
  // Not when it was updated: that changes with every poll, and would be read out each time.
  const { headline, countdown, staleText } = useTrackingWords(props)
  return [headline, countdown, staleText].filter(Boolean).join('. ')
}
