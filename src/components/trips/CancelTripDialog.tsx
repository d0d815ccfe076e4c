import { Trans, useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useEffect, useState, type ReactNode } from 'react'
import { cancelTripWithEffects } from '../../app/effects/cancelTripCalls'
import { usePlatform } from '../../app/platform'
import type { Trip } from '../../contract/trip'
import type { TripRef } from '../../contract/tripCommands'
import { cancelReasonMaxLength } from '../../contract/codes'
import { Alert } from '../ui/Alert'
import { Button } from '../ui/Button'
import { Dialog } from '../ui/Dialog'
import { Fieldset } from '../ui/Fieldset'
import { TextArea } from '../ui/TextArea'
import { CancelReasonCodes } from './CancelReasonCodes'
import { cancelReasonTexts } from './cancelReasonTexts'

export interface CancelTripDialogProps {
  trip: Trip
  /** The series' later trips on this device; null for a trip of no series (`laterInSeries`). */
  laterInSeries: TripRef[] | null
  open: boolean
  onOpenChange(open: boolean): void
  /** Focus after a queued cancellation, whose button has gone (the pending status is a good place). */
  focusAfterQueued(): void
}

/**
 * Cancels one trip from its detail screen: a required reason, one tap on a code or the text (with the warning
 * not to write personal or health data), and a cancel button that works only with a valid reason. Confirming queues the command and
 * closes; the screen then shows the cancellation as pending.
 */
export function CancelTripDialog({
  trip,
  laterInSeries,
  open,
  onOpenChange,
  focusAfterQueued,
}: CancelTripDialogProps) {
  const { t } = useLingui()
  const [queued, setQueued] = useState(false)
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t({ id: 'trips.cancel_trip', message: 'Cancel trip' })}
      description={t(cancelReasonTexts.warning)}
      onCloseAutoFocus={(event) => {
        if (!queued) return
        event.preventDefault()
        setQueued(false)
        focusAfterQueued()
      }}
    >
      {open ? (
        <CancelTripForm
          trip={trip}
          laterInSeries={laterInSeries}
          onClose={() => onOpenChange(false)}
          onQueued={() => {
            setQueued(true)
            onOpenChange(false)
          }}
        />
      ) : null}
    </Dialog>
  )
}

function CancelTripForm(props: {
  trip: Trip
  laterInSeries: TripRef[] | null
  onClose(): void
  onQueued(): void
}) {
  const { trip, laterInSeries, onClose, onQueued } = props
  const { t } = useLingui()
  const { sessions } = usePlatform()
  // The dialog's machine with the real outbox; it closes when the machine reaches `queued`.
  const [machine] = useState(() => cancelTripWithEffects(sessions))
  const [snapshot, send] = useMachine(machine, {
    input: { trip: { id: trip.id, date: trip.date }, passengerId: trip.passenger.id, laterInSeries },
  })
  const queued = snapshot.matches('queued')
  useEffect(() => {
    if (queued) onQueued()
  }, [queued, onQueued])
  const { reason, touched, failed, following } = snapshot.context
  const valid = snapshot.matches('valid')
  // A code other than 'other' is the reason by itself; the text then only adds to it.
  const textNeeded = reason.code === null || reason.code === 'other'
  const busy = snapshot.matches('queueing')
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        send({ type: 'cancel.confirm' })
      }}
    >
      {laterInSeries ? (
        <Fieldset legend={<Trans id="trips.cancel_scope">Which trips?</Trans>} gap="gap-2" className="mb-4">
          <ScopeChoice checked={!following} onChoose={() => send({ type: 'scope.change', following: false })}>
            <Trans id="trips.cancel_scope_this">This trip</Trans>
          </ScopeChoice>
          <ScopeChoice checked={following} onChoose={() => send({ type: 'scope.change', following: true })}>
            <Trans id="trips.cancel_scope_following">This and the following trips of the series</Trans>
          </ScopeChoice>
        </Fieldset>
      ) : null}
      <CancelReasonCodes
        name="cancel-reason-code"
        value={reason.code}
        onChoose={(code, words) => send({ type: 'reason.code', code, words })}
      />
      <TextArea
        label={t(textNeeded ? cancelReasonTexts.label : cancelReasonTexts.optionalText)}
        value={reason.text}
        maxLength={cancelReasonMaxLength}
        required={textNeeded}
        error={touched && snapshot.matches('editing') ? t(cancelReasonTexts.required) : null}
        onChange={(event) => send({ type: 'reason.change', value: event.target.value })}
        onBlur={() => send({ type: 'reason.blur' })}
      />
      {failed ? (
        <Alert severity="error" live className="mt-4">
          {t(cancelReasonTexts.failed)}
        </Alert>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          <Trans id="trips.cancel_keep">Keep the trip</Trans>
        </Button>
        <Button type="submit" variant="danger" disabled={!valid || busy}>
          <Trans id="trips.cancel_trip">Cancel trip</Trans>
        </Button>
      </div>
    </form>
  )
}

/** One of the dialog's two scopes: a native radio button in a label a whole row tall (24 px and more). */
function ScopeChoice(props: { checked: boolean; onChoose(): void; children: ReactNode }) {
  return (
    <label className="flex min-h-target cursor-pointer items-center gap-3">
      <input
        type="radio"
        name="cancel-scope"
        className="size-5 shrink-0 accent-primary"
        checked={props.checked}
        onChange={props.onChoose}
      />
      <span>{props.children}</span>
    </label>
  )
}
