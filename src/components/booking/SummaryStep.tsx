import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { expressStatusOf, stepOf, type Booked } from '../../../machines/booking/booking.machine'
import { wizardDate } from '../../domain/dateDisplay'
import { Alert } from '../ui/Alert'
import { Button, buttonClasses } from '../ui/Button'
import { Spinner } from '../ui/Spinner'
import { ChevronLeftIcon } from '../ui/featureIcons'
import { tooManyRequestsText } from './bookingTexts'
import { OrderSummary } from './OrderSummary'
import { repeatOf } from './repeat/repeatOf'
import { RepeatSection } from './repeat/RepeatSection'
import { SeriesSaved } from './repeat/SeriesSaved'
import type { StepProps } from './stepProps'

type SaveState = 'ready' | 'saving' | 'saved' | 'failed' | 'offline'

/**
 * Steps 6 and 9: the order in words with its deductible, and saving it. Saved, it offers the trips, the return
 * trip (not from the return trip's own summary) and a new booking; refused, the reason; offline, that saving
 * needs a connection, with everything kept.
 */
export function SummaryStep({ snapshot, send }: StepProps) {
  const summary = stepOf(snapshot) === 9 ? 'returnSummary' : 'summary'
  const state = (['ready', 'saving', 'saved', 'failed', 'offline'] as const).find((name) =>
    snapshot.matches({ wizard: { [summary]: name } }),
  ) as SaveState
  const { order } = snapshot.context
  return (
    <div className="flex flex-col gap-5">
      <OrderSummary order={order} />
      {state === 'saved' ? null : <Estimate snapshot={snapshot} send={send} />}
      <ExpressStatus snapshot={snapshot} send={send} />
      {state === 'saved' ? null : <RepeatSection snapshot={snapshot} send={send} />}
      {/* Here since the summary opened, so that saving, saved and offline are read as they appear (a region
          made with its text is not read); a refusal is an alert of its own. Empty, it takes back the gap. */}
      <div role="status" className="flex flex-col gap-5 empty:-mt-5">
        <Outcome state={state} snapshot={snapshot} send={send} />
      </div>
      {state === 'saving' || state === 'saved' ? null : (
        <div className="flex flex-wrap justify-between gap-3">
          <Button variant="secondary" onClick={() => send({ type: 'wizard.back' })}>
            <ChevronLeftIcon />
            <Trans id="common.back">Back</Trans>
          </Button>
          <div className="flex flex-wrap gap-3">
            <Button variant="ghost" onClick={() => send({ type: 'wizard.reset' })}>
              <Trans id="booking.reset">Start over</Trans>
            </Button>
            <Button
              disabled={!snapshot.can({ type: 'booking.save' })}
              onClick={() => send({ type: 'booking.save' })}
            >
              <SaveLabel snapshot={snapshot} send={send} />
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}

/** The trips list's address for the day the booking is on. */
function bookedDate(booked: Booked | null): { date?: string } {
  const date = booked && ('seriesId' in booked ? booked.booked[0]?.date : booked.date)
  return date ? { date } : {}
}

/** "Book the trip", or for a series the number of rides it books. */
function SaveLabel({ snapshot }: StepProps) {
  const rides = repeatOf(snapshot.context)?.plan?.toBook.length
  if (snapshot.context.repeat === null || rides === undefined)
    return <Trans id="booking.save">Book the trip</Trans>
  return <Plural id="booking_repeat.save" value={rides} one="Book # ride" other="Book # rides" />
}

/** The deductible of this trip, fetched at the summary: what the passenger pays. */
function Estimate({ snapshot, send }: StepProps) {
  const { t, i18n } = useLingui()
  const price = snapshot.context.order.price
  if (snapshot.matches({ estimate: 'failed' })) {
    return (
      <Alert
        severity="error"
        live
        title={<Trans id="booking.price_failed">Price fetching failed, try again</Trans>}
      >
        {snapshot.matches({ estimate: { failed: 'tooManyRequests' } }) ? (
          <p>{t(tooManyRequestsText)}</p>
        ) : null}
        <Button
          variant="secondary"
          className="mt-2"
          disabled={!snapshot.can({ type: 'estimate.retry' })}
          onClick={() => send({ type: 'estimate.retry' })}
        >
          <Trans id="booking.try_again">Try again</Trans>
        </Button>
      </Alert>
    )
  }
  if (price === null) {
    return (
      <p className="flex items-center gap-3">
        <Spinner size={24} label={t({ id: 'booking.price_loading', message: 'Fetching the price' })} />
      </p>
    )
  }
  const amount = new Intl.NumberFormat(i18n.locale, { style: 'currency', currency: 'EUR' }).format(price)
  return (
    <p className="text-lg">
      <Trans id="booking.deductible">
        Deductible: <strong>{amount}</strong>
      </Trans>
    </p>
  )
}

/** A booking departing sooner than the permission's express limit uses express quota; with none left it cannot be saved. */
function ExpressStatus({ snapshot }: StepProps) {
  const status = expressStatusOf(snapshot.context)
  if (status === 'expressQuotaWarning') {
    return (
      <Alert severity="warning">
        <Trans id="booking.summary_express_warning">
          This is an express trip: it uses one of the express trips left.
        </Trans>
      </Alert>
    )
  }
  if (status === 'expressQuotaNoneLeft') {
    return (
      <Alert severity="error">
        <Trans id="booking.summary_express_none_left">
          This is an express trip, and no express trips are left. Choose a later time.
        </Trans>
      </Alert>
    )
  }
  return null
}

function Outcome({ state, snapshot, send }: StepProps & { state: SaveState }) {
  const { t } = useLingui()
  const { failure } = snapshot.context
  if (state === 'saving') {
    return (
      <div className="flex items-center gap-3">
        <Spinner size={32} label={t({ id: 'booking.saving', message: 'Saving the booking' })} />
        <p aria-hidden="true">
          <Trans id="booking.saving_visible">Saving the booking…</Trans>
        </p>
      </div>
    )
  }
  if (state === 'saved') {
    return (
      <>
        <Alert severity="success" title={<Trans id="booking.confirmed">Confirmed</Trans>}>
          {snapshot.context.booked && 'seriesId' in snapshot.context.booked ? (
            <SeriesSaved booked={snapshot.context.booked} />
          ) : (
            <p>
              <Trans id="booking.awaiting_approval">
                The booking awaits the transport service&apos;s approval. The trip then shows on your trips.
              </Trans>
            </p>
          )}
          {/* The booked day's trips (a series': its first ride's), not today's. */}
          <Link
            to="/trips"
            search={bookedDate(snapshot.context.booked)}
            className={buttonClasses('secondary', 'mt-3')}
          >
            <Trans id="booking.to_trips">Go to trips</Trans>
          </Link>
        </Alert>
        <div className="flex flex-wrap gap-3">
          {snapshot.can({ type: 'booking.return' }) ? (
            <Button onClick={() => send({ type: 'booking.return' })}>
              <Trans id="booking.create_return">Create return booking</Trans>
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => send({ type: 'wizard.reset' })}>
            <Trans id="booking.new_booking">New booking</Trans>
          </Button>
        </div>
      </>
    )
  }
  if (state === 'failed' && failure) {
    return (
      <Alert severity="error" live title={<Trans id="booking.failed">Booking failed</Trans>}>
        {failure.kind === 'municipality' ? (
          <Trans id="booking.error_municipality">
            The trip must stay within the municipality of the transportation permission.
          </Trans>
        ) : failure.kind === 'tooManyRequests' ? (
          t(tooManyRequestsText)
        ) : failure.date ? (
          `${wizardDate(failure.date)}: ${failure.serverMessage ?? ''}`
        ) : (
          failure.serverMessage
        )}
      </Alert>
    )
  }
  if (state === 'offline') {
    return (
      <Alert severity="warning" title={<Trans id="booking.offline_title">Not saved: no connection</Trans>}>
        <Trans id="booking.offline">
          Saving a booking needs a network connection. Everything you entered is kept: book the trip again
          when you are online.
        </Trans>
      </Alert>
    )
  }
  return null
}
