import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import {
  dateFrame,
  distantRequest,
  distantState,
  offeredTrips,
  tripKey,
} from '../../../machines/cancelTrips/cancelTrips.machine'
import type { Trip } from '../../contract/trip'
import { wizardDate } from '../../domain/dateDisplay'
import { TripSummary } from '../trips/TripSummary'
import { Alert } from '../ui/Alert'
import { LoadingBlock } from '../ui/Spinner'
import { CheckOption, GroupError } from './CheckOption'
import type { StepProps } from './stepProps'
import { WizardStep } from './WizardStep'
import { Fieldset } from '../ui/Fieldset'

/** Trips grouped by their date, in order. */
function byDate(trips: readonly Trip[]): [string, Trip[]][] {
  const groups = new Map<string, Trip[]>()
  for (const trip of trips) groups.set(trip.date, [...(groups.get(trip.date) ?? []), trip])
  return [...groups].sort(([a], [b]) => a.localeCompare(b))
}

/** Step 3: the chosen passengers' cancellable trips in the frame, as checkboxes. */
export function TripsStep(props: StepProps) {
  const { snapshot, send } = props
  const { t } = useLingui()
  const errorId = useId()
  const { context } = snapshot
  const offered = offeredTrips(context)
  // Trips left out only because their cancellation already waits to be sent.
  const waiting = offeredTrips({ ...context, pendingTrips: [] }).length - offered.length
  const chosen = new Set(context.chosen.map(tripKey))
  const distant = distantState(context)
  const error =
    context.showErrors && chosen.size === 0
      ? t({ id: 'canceltrips.error_choose_trip', message: 'Choose at least one trip' })
      : null

  return (
    <WizardStep {...props} step="trips" back forward="wizard.next">
      <FrameText snapshot={snapshot} />
      <DistantNote snapshot={snapshot} />
      {context.passengers === null || (offered.length === 0 && distant === 'loading') ? (
        <LoadingBlock />
      ) : offered.length === 0 ? (
        <Alert severity="warning" live title={<Trans id="trips.no_trips">No trips</Trans>}>
          <Trans id="canceltrips.no_cancellable_trips">
            There are no trips that can be cancelled in the chosen period.
          </Trans>
        </Alert>
      ) : (
        <Fieldset
          gap="gap-4"
          legend={<Trans id="canceltrips.trips_legend">Choose the trips to cancel</Trans>}
        >
          <GroupError id={errorId} text={error} />
          {byDate(offered).map(([date, trips]) => (
            <section key={date} className="flex flex-col gap-3" aria-labelledby={`canceltrips-day-${date}`}>
              <h3 id={`canceltrips-day-${date}`} className="font-semibold">
                {wizardDate(date)}
              </h3>
              {trips.map((trip) => (
                <CheckOption
                  key={tripKey(trip)}
                  checked={chosen.has(tripKey(trip))}
                  onToggle={() => send({ type: 'trip.toggle', trip: { id: trip.id, date: trip.date } })}
                  errorId={error ? errorId : null}
                >
                  <TripSummary trip={trip} timeZone={context.timeZone} />
                </CheckOption>
              ))}
            </section>
          ))}
        </Fieldset>
      )}
      {waiting > 0 ? (
        <p className="text-muted">
          <Plural
            id="canceltrips.already_waiting"
            value={waiting}
            one="# trip is not shown because its cancellation is already waiting to be sent."
            other="# trips are not shown because their cancellation is already waiting to be sent."
          />
        </p>
      ) : null}
    </WizardStep>
  )
}

/**
 * What the step says of the dates past the device's two weeks: being asked from the server, not to be had
 * offline, or failed. Nothing when the dates are within the two weeks or the answer came.
 */
function DistantNote({ snapshot }: Pick<StepProps, 'snapshot'>) {
  const state = distantState(snapshot.context)
  const request = distantRequest(snapshot.context)
  if (!request || state === null || state === 'loaded') return null
  const from = wizardDate(request.from)
  if (state === 'loading')
    return (
      <p role="status" className="text-muted">
        <Trans id="canceltrips.distant_loading">Looking for the trips from {from} on the server…</Trans>
      </p>
    )
  return (
    <Alert severity="warning" live>
      {state === 'offline' ? (
        <Trans id="canceltrips.distant_offline">
          Trips from {from} on are not on this device. They can be found when you are online again.
        </Trans>
      ) : (
        <Trans id="canceltrips.distant_failed">
          The trips from {from} on could not be found. Go back a step and try again.
        </Trans>
      )}
    </Alert>
  )
}

/** "Trips on 10.03.2026" or "Trips from 10.03.2026 to 12.03.2026". */
export function FrameText({ snapshot }: Pick<StepProps, 'snapshot'>) {
  const frame = dateFrame(snapshot.context)
  if (!frame) return null
  const start = wizardDate(frame.start.toString())
  const end = wizardDate(frame.end.toString())
  return (
    <p>
      {frame.start.equals(frame.end) ? (
        <Trans id="canceltrips.frame_single">Trips on {start}</Trans>
      ) : (
        <Trans id="canceltrips.frame_period">
          Trips from {start} to {end}
        </Trans>
      )}
    </p>
  )
}
