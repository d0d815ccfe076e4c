import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useEffect, useState, type ReactNode } from 'react'
import { cancelTripWithEffects } from '../../app/effects/cancelTripCalls'
import { usePlatform } from '../../app/platform'
import type { Trip } from '../../contract/trip'
import { wizardDate } from '../../domain/dateDisplay'
import type { FollowingScope } from '../../domain/trips/followingScope'
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
  /** What "this and the following" takes on this device; null for a trip of no series (`followingScope`). */
  scope: FollowingScope | null
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
  scope,
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
          scope={scope}
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
  scope: FollowingScope | null
  onClose(): void
  onQueued(): void
}) {
  const { trip, scope, onClose, onQueued } = props
  const { t } = useLingui()
  const { sessions } = usePlatform()
  // The dialog's machine with the real outbox; it closes when the machine reaches `queued`.
  const [machine] = useState(() => cancelTripWithEffects(sessions))
  const [snapshot, send] = useMachine(machine, {
    input: { trip: { id: trip.id, date: trip.date }, passengerId: trip.passenger.id, scope },
  })
  const queued = snapshot.matches('queued')
  useEffect(() => {
    if (queued) onQueued()
  }, [queued, onQueued])
  const { reason, touched, failed, following, withReturn } = snapshot.context
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
      {scope ? (
        <Fieldset legend={<Trans id="trips.cancel_scope">Which trips?</Trans>} gap="gap-2" className="mb-4">
          <ScopeChoice checked={!following} onChoose={() => send({ type: 'scope.change', following: false })}>
            <Trans id="trips.cancel_scope_this">This trip</Trans>
          </ScopeChoice>
          <ScopeChoice checked={following} onChoose={() => send({ type: 'scope.change', following: true })}>
            <Trans id="trips.cancel_scope_following">This and the following trips of the series</Trans>
            <ScopeCount count={scope.count} until={scope.continuesUntil} />
          </ScopeChoice>
          {following && scope.returnSeries ? (
            <label className="ms-8 flex min-h-target cursor-pointer items-center gap-3">
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-primary"
                checked={withReturn}
                onChange={(event) => send({ type: 'return.change', withReturn: event.target.checked })}
              />
              <span>
                <Trans id="trips.cancel_scope_return">The return trips of the series too</Trans>
                <ScopeCount count={scope.returnSeries.count} until={scope.returnSeries.continuesUntil} />
              </span>
            </label>
          ) : null}
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

/**
 * How many trips a scope cancels that this device has, and, when the series goes on past them, until when the
 * server cancels the rest.
 */
function ScopeCount({ count, until }: { count: number; until: string | null }) {
  const date = until ? wizardDate(until) : ''
  return (
    <span className="block text-base font-normal">
      <Plural id="trips.cancel_scope_count" value={count} one="# trip" other="# trips" />
      {until ? (
        <>
          {' '}
          <Trans id="trips.cancel_scope_until">in the next two weeks, and the later ones until {date}</Trans>
        </>
      ) : null}
    </span>
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
