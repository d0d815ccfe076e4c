import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState, type ReactNode } from 'react'
import { useEnvironment } from '../../app/environment'
import { usePlatform } from '../../app/platform'
import { loadLinkTrip, type LinkLoad, type LinkRefusal } from '../../app/effects/trackingCalls'
import { useLinkTracking } from '../../app/effects/useTracking'
import type { TrackedTrip } from '../../contract/tracking'
import { isFinalStatus } from '../../domain/tracking/finalStatus'
import { screenTitles } from '../screenTitles'
import { CarSection, RouteSection } from '../trips/TripDetails'
import { Alert } from '../ui/Alert'
import { Button } from '../ui/Button'
import { Page } from '../ui/Page'
import { LoadingBlock } from '../ui/Spinner'
import { OperatorContact } from './OperatorContact'
import { TrackingStatus } from './TripTracking'
import { TripTimes } from '../trips/TripTimes'

/**
 * /track/{link} (spec: the trip detail's screen with no login and no cancelling): what a drivers' office needs
 * of one trip, followed live by the tracking machine over `GET api/track/{link}`. No user session, database or
 * sync worker: an anonymous visitor loads none of them.
 */
export function TrackLinkScreen({ link }: { link: string }) {
  const { t } = useLingui()
  const { api } = usePlatform()
  const [attempt, setAttempt] = useState(0)
  const [load, setLoad] = useState<{ attempt: number; result: LinkLoad } | null>(null)
  useEffect(() => {
    let shown = true
    void loadLinkTrip(api, link).then((result) => {
      if (shown) setLoad({ attempt, result })
    })
    return () => {
      shown = false
    }
  }, [api, link, attempt])
  const result = load?.attempt === attempt ? load.result : null
  return (
    <Page title={t(screenTitles.track)}>
      {result === null ? (
        <LoadingBlock />
      ) : result.kind === 'trip' ? (
        <FollowedTrip link={link} first={result} />
      ) : (
        <Refusal refusal={result.kind} retry={() => setAttempt((count) => count + 1)} />
      )}
    </Page>
  )
}

/** The trip as the last answer had it, until the link closes or the trip ends. */
function FollowedTrip({ link, first }: { link: string; first: { trip: TrackedTrip; etag: string | null } }) {
  const { timeZone } = useEnvironment()
  const view = useLinkTracking(link, first)
  const { trip } = view
  if (view.closed === 'not_found') return <Refusal refusal="not_found" />
  if (view.closed === 'ended' || isFinalStatus(view.status?.code)) return <Refusal refusal="ended" />
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-xl bg-surface p-4">
        <h2 className="text-lg font-semibold">{trip.passengerName}</h2>
        <TripTimes trip={trip} timeZone={timeZone} />
      </div>
      <TrackingStatus view={view} trip={trip} timeZone={timeZone} trackingRoute />
      <RouteSection trip={trip} timeZone={timeZone} />
      <CarSection trip={trip} title={<Trans id="track.car">Car</Trans>} />
      <OperatorContact />
    </div>
  )
}

/** Why the link shows no trip; a failure or a busy server can be tried again. */
function Refusal({ refusal, retry }: { refusal: LinkRefusal; retry?: () => void }) {
  const texts: Record<LinkRefusal, { severity: 'info' | 'warning' | 'error'; text: ReactNode }> = {
    not_found: {
      severity: 'error',
      text: (
        <Trans id="track.not_found">
          Tracking link not found. Check the link, or ask whoever shared it for a new one.
        </Trans>
      ),
    },
    not_started: {
      severity: 'info',
      text: <Trans id="track.not_started">Tracking opens an hour before the trip.</Trans>,
    },
    ended: { severity: 'info', text: <Trans id="track.ended">The trip has ended.</Trans> },
    busy: {
      severity: 'warning',
      text: <Trans id="track.too_many_requests">Too many requests. Try again shortly.</Trans>,
    },
    failed: {
      severity: 'error',
      text: (
        <Trans id="track.failed">The trip could not be loaded. Check your connection and try again.</Trans>
      ),
    },
  }
  const { severity, text } = texts[refusal]
  const retryable = refusal === 'busy' || refusal === 'failed'
  return (
    <div className="flex flex-col items-start gap-4">
      <Alert severity={severity} live className="w-full">
        {text}
      </Alert>
      {retryable && retry ? (
        <Button variant="secondary" onClick={retry}>
          <Trans id="track.try_again">Try again</Trans>
        </Button>
      ) : null}
      {/* Whoever cannot follow the trip here can still ask the transport service. */}
      <div className="w-full">
        <OperatorContact />
      </div>
    </div>
  )
}
