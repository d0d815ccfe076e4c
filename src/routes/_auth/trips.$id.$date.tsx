import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { Temporal } from 'temporal-polyfill'
import { useTripCommands } from '../../app/data/commands'
import { useTrips } from '../../app/data/data'
import { useEnvironment } from '../../app/environment'
import { useLocale } from '../../app/locale'
import { commandView } from '../../commands/tripView'
import { screenTitles } from '../../components/screenTitles'
import { CancelReceipt } from '../../components/trips/CancelReceipt'
import { CancelStatus } from '../../components/trips/CancelStatus'
import { CancelTripDialog } from '../../components/trips/CancelTripDialog'
import { ReviewSection } from '../../components/trips/ReviewSection'
import { SeriesSection } from '../../components/trips/SeriesSection'
import { BookAgainLink } from '../../components/booking/again/BookAgainLink'
import { CancellationAlert, TripDetails, TripHeader } from '../../components/trips/TripDetails'
import { OperatorContact } from '../../components/tracking/OperatorContact'
import { ShareTracking } from '../../components/tracking/ShareTracking'
import { TripTracking } from '../../components/tracking/TripTracking'
import { Button } from '../../components/ui/Button'
import { ArrowLeftIcon, CancelIcon } from '../../components/ui/icons'
import { Page } from '../../components/ui/Page'
import { LoadingBlock } from '../../components/ui/Spinner'
import type { Trip } from '../../contract/trip'
import { seriesTrips } from '../../domain/series/laterInSeries'
import { followingScope, type FollowingScope } from '../../domain/trips/followingScope'
import { isFinalStatus } from '../../domain/tracking/finalStatus'
import { canCancelOnDetail } from '../../domain/trips/cancellation'

/** A trip can be shared while it can still be followed: not over, and today or later. */
function shareable(trip: Trip, today: Temporal.PlainDate): boolean {
  const over = trip.cancelledAt || trip.dropoffTime || trip.noShowTime || isFinalStatus(trip.status?.code)
  return !over && Temporal.PlainDate.compare(Temporal.PlainDate.from(trip.date), today) >= 0
}

export const Route = createFileRoute('/_auth/trips/$id/$date')({ component: TripDetailScreen })

/** One trip from the local data (spec section 2, Trip detail); 'Trip not found.' when it is not there. */
function TripDetailScreen() {
  const { t } = useLingui()
  const { id, date } = Route.useParams()
  const trips = useTrips()
  const trip = trips?.find((candidate) => candidate.id === id && candidate.date === date)
  return (
    <Page title={t(screenTitles.tripDetail)} actions={<BackButton />}>
      {trips === undefined ? (
        <LoadingBlock />
      ) : trip ? (
        <TripDetail trip={trip} series={seriesTrips(trip, trips)} scope={followingScope(trip, trips)} />
      ) : (
        <p className="rounded-xl bg-surface p-4 font-semibold">
          <Trans id="trips.not_found">Trip not found.</Trans>
        </p>
      )}
    </Page>
  )
}

/** Back where the user came from, or to the trips list when the detail was opened directly. */
function BackButton() {
  const router = useRouter()
  return (
    <Button
      variant="secondary"
      onClick={() => {
        if (router.history.canGoBack()) router.history.back()
        else void router.navigate({ to: '/trips' })
      }}
    >
      <ArrowLeftIcon />
      <Trans id="common.back">Back</Trans>
    </Button>
  )
}

/** The trip's heading, where focus goes when the dialog's action removed the button that opened it. */
const tripHeaderId = 'trip-header'

/**
 * `series`: the trips of its standing order on this device (`seriesTrips`), and `scope` what "this and the
 * following" takes (`followingScope`); null for a trip of none.
 */
function TripDetail(props: { trip: Trip; series: Trip[] | null; scope: FollowingScope | null }) {
  const { trip, series, scope } = props
  const { timeZone, tenant } = useEnvironment()
  const { locale } = useLocale()
  const commands = useTripCommands({ id: trip.id, date: trip.date })
  const [cancelling, setCancelling] = useState(false)
  const cancel = commandView(trip, commands?.cancel ?? null)
  const today = Temporal.Now.plainDateISO(timeZone)
  const cancellable =
    commands !== undefined &&
    cancel?.kind !== 'pending' &&
    canCancelOnDetail(trip, { trackingRoute: false, today })

  return (
    <div className="flex flex-col gap-4">
      <TripHeader
        id={tripHeaderId}
        trip={trip}
        timeZone={timeZone}
        pendingCancel={cancel?.kind === 'pending'}
      />
      {/* Here from the start, so that a cancellation queued, and then landed, is read as its alert appears (a
          region made with its text is not read), and so is the transport service's receipt; a refusal and an
          overdue receipt are alerts of their own. Empty, it takes back the gap. */}
      <div role="status" className="flex flex-col gap-4 empty:-mt-4">
        <CancellationAlert trip={trip} timeZone={timeZone} />
        <CancelReceipt receipt={trip.cancellationReceipt} timeZone={timeZone} />
        <CancelStatus view={cancel} />
      </div>
      <TripTracking trip={trip} timeZone={timeZone} />
      {/* The map (a later issue) goes under the tracking panel. */}
      <TripDetails trip={trip} timeZone={timeZone} locale={locale} />
      <BookAgainLink trip={trip} />
      {series ? <SeriesSection trip={trip} trips={series} timeZone={timeZone} /> : null}
      {shareable(trip, today) ? <ShareTracking trip={trip} /> : null}
      <OperatorContact />
      {commands !== undefined ? (
        <ReviewSection trip={trip} scale={tenant.starScale} command={commands.review} />
      ) : null}
      {cancellable ? (
        <div>
          <Button variant="danger" onClick={() => setCancelling(true)}>
            <CancelIcon />
            <Trans id="trips.cancel_trip">Cancel trip</Trans>
          </Button>
        </div>
      ) : null}
      <CancelTripDialog
        trip={trip}
        scope={scope}
        open={cancelling}
        onOpenChange={setCancelling}
        focusAfterQueued={() => document.getElementById(tripHeaderId)?.focus()}
      />
    </div>
  )
}
