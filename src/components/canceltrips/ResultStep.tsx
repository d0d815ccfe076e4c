import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { cancelCommand } from '../../commands/cancel'
import { commandErrorMessage } from '../../commands/rejections'
import { Alert } from '../ui/Alert'
import { Button, buttonClasses } from '../ui/Button'
import { Spinner } from '../ui/Spinner'
import type { StepProps } from './stepProps'
import { WizardStep } from './WizardStep'

/**
 * Step 5: what became of the cancellation. It says "cancelled" only once the server has confirmed; until then
 * it spins briefly, and then says honestly that the cancellation is saved and will be sent.
 */
export function ResultStep(props: StepProps) {
  const { snapshot, send } = props
  const busy = snapshot.matches({ result: 'queueing' }) || snapshot.matches({ result: 'waiting' })
  return (
    <WizardStep {...props} step="result" back={snapshot.matches({ result: 'failed' })}>
      <Outcome snapshot={snapshot} />
      {busy ? null : (
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => send({ type: 'wizard.restart' })}>
            <Trans id="canceltrips.cancel_more">Cancel more trips</Trans>
          </Button>
          <Link to="/trips" className={buttonClasses('secondary')}>
            <Trans id="canceltrips.to_trips">Go to trips</Trans>
          </Link>
        </div>
      )}
    </WizardStep>
  )
}

function Outcome({ snapshot }: Pick<StepProps, 'snapshot'>) {
  const { t } = useLingui()
  const { sent, cancelledCount, failure, online } = snapshot.context
  const total = sent?.trips.length ?? 0
  const cancelled = cancelledCount ?? 0

  if (snapshot.matches({ result: 'queueing' }) || snapshot.matches({ result: 'waiting' })) {
    return (
      <div className="flex items-center gap-3">
        <Spinner size={32} label={t({ id: 'canceltrips.sending', message: 'Sending the cancellation' })} />
        <p aria-hidden="true">
          <Trans id="canceltrips.sending_visible">Sending the cancellation…</Trans>
        </p>
      </div>
    )
  }
  if (snapshot.matches({ result: 'queued' })) {
    return (
      <Alert severity="info" live title={<Trans id="canceltrips.saved_title">Cancellation saved</Trans>}>
        <p>
          {online ? (
            <Trans id="canceltrips.saved_online">
              The cancellation is saved on this device and is being sent. This page shows the result when the
              transport service has confirmed it.
            </Trans>
          ) : (
            // Said with no network and with a server that does not answer alike (the online flag is both).
            <Trans id="canceltrips.saved_offline">
              The service cannot be reached right now. The cancellation is saved on this device and will be
              sent when the connection returns.
            </Trans>
          )}
        </p>
        <p className="mt-2">
          <Trans id="canceltrips.saved_pending">
            Until then the trips show as cancellation pending. They are not cancelled yet.
          </Trans>
        </p>
      </Alert>
    )
  }
  if (snapshot.matches({ result: 'cancelled' })) {
    return (
      <Alert severity="success" live title={<Trans id="canceltrips.success_title">Trips cancelled</Trans>}>
        <Plural
          id="canceltrips.success"
          value={cancelled}
          one="The trip was cancelled."
          other="All # trips were cancelled."
        />
      </Alert>
    )
  }
  if (snapshot.matches({ result: 'partlyCancelled' })) {
    return (
      <Alert
        severity="warning"
        live
        title={
          <Trans id="canceltrips.partial_title">
            {cancelled}/{total} trips cancelled
          </Trans>
        }
      >
        <Trans id="canceltrips.partial">
          The other trips could no longer be cancelled. Check them in the trips list.
        </Trans>
      </Alert>
    )
  }
  const reason = failure ? commandErrorMessage(failure) : null
  const title = cancelCommand.rejection.title
  return (
    <Alert severity="error" live title={t(title)}>
      {snapshot.matches({ result: 'failed' }) ? (
        <Trans id="canceltrips.not_saved">
          The cancellation could not be saved on this device. Try again.
        </Trans>
      ) : reason && reason.id !== title.id ? (
        t(reason)
      ) : null}
    </Alert>
  )
}
